#include "simulation/contact_results.h"

#include <unordered_map>

#include "mbs/contact.h"
#include "model/contact.h"

namespace msolve::simulation {

void SampleContacts(const system::System& sys, const double* y, std::vector<ContactSeries>* out) {
  if (out->empty()) return;
  std::unordered_map<const model::Entity*, const mbs::ContactElement*> elements;
  for (const auto& element : sys.force_elements())
    if (const auto* c = dynamic_cast<const mbs::ContactElement*>(element.get()))
      elements[c->source()] = c;
  for (ContactSeries& series : *out) {
    const auto found = elements.find(series.contact);
    std::array<double, 12> values{};
    if (found != elements.end()) {
      const mbs::ContactElement& c = *found->second;
      values = c.Result(mbs::BodyStates(c.i().body, y), mbs::BodyStates(c.j().body, y));
    }
    series.values.push_back(values);
  }
}

}  // namespace msolve::simulation
