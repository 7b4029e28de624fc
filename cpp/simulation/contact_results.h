// The CONTACT result of every Contact at an output (docs/equations.md §3.13): sampled from
// the Contact's element at the output state, beside the requests and bodies of Results.
#pragma once

#include <array>
#include <vector>

#include "system/system.h"

namespace msolve::model {
class Contact;
}  // namespace msolve::model

namespace msolve::simulation {

/// Samples of one Contact: FM FX FY FZ FN FF DEPTH PX PY PZ VSLIP NPOINTS
/// (mbs::ContactElement::Result).
struct ContactSeries {
  const model::Contact* contact = nullptr;
  std::vector<std::array<double, 12>> values;
};

/// Appends the result of every series' Contact at the state y (zeros for a Contact that has
/// no element).
void SampleContacts(const system::System& sys, const double* y, std::vector<ContactSeries>* out);

}  // namespace msolve::simulation
