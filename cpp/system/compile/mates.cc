// compile(model), the Mates (MotionSolve's Constraint_Mate, docs/equations.md §2.12): each
// type's coincidence, distance or tangency as joint-primitive rows and Mate distance rows
// between its markers i (the first primitive) and j (the second)
#include <cmath>
#include <string>

#include "common/error.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

using Term = mbs::JointConstraint::Term;
using mbs::JointType;

// a Mate distance term: coordinate - c
Term MateTerm(JointType type, const mbs::BodyMarker& i, const mbs::BodyMarker& j, double c) {
  Term t;
  t.type = type;
  t.i = i;
  t.j = j;
  t.value = c;
  return t;
}

// the value of a Mate distance coordinate in the design position
double DesignCoordinate(JointType type, const mbs::BodyMarker& i, const mbs::BodyMarker& j,
                        const VecX& design) {
  const mbs::JointConstraint row(nullptr, std::vector<Term>{MateTerm(type, i, j, 0.0)});
  double value = 0.0;
  row.EvaluateValue(System::BodyState(i.body, design.data()),
                    System::BodyState(j.body, design.data()), nullptr, &value);
  return value;
}

}  // namespace

void Builder::Mates() {
  const VecX design = sys_.DesignState();
  for (const auto& mate : model_.mates) {
    if (!mate->active) continue;
    const model::Mate& m = *mate;
    const std::string type = Upper(m.type);
    if (type.size() != 11)
      throw ModelError(m.Describe() + ": type is required (COI_POI_POI, DIS_POI_LIN, ...), got '" +
                       m.type + "'");
    const auto [mi, mj] = sys_.MarkersOf(m, m.i, m.j);
    if (m.i->part == m.j->part)
      throw ModelError(m.Describe() + ": markers i (" + m.i->Describe() + ") and j (" +
                       m.j->Describe() + ") are on the same part (" + m.i->part->Describe() + ")");
    // the relation and the two primitives: "DIS_POI_LIN" -> DIS, POI, LIN
    const std::string rel = type.substr(0, 3), a = type.substr(4, 3), b = type.substr(8);
    const auto curved = [](const std::string& p) { return p == "SPH" || p == "CYL"; };
    const auto refuse = [&]() {
      return ModelError(m.Describe() + ": type '" + m.type +
                        "' is not supported by msolve: the distances and tangencies between two "
                        "lines or cylinders and the cone types are not built (docs/equations.md "
                        "§2.12 lists the types msolve builds)");
    };
    if (a == "CON" || b == "CON" || (a == "CYL" && b == "CYL") ||
        (a == "LIN" && (b == "LIN" || b == "CYL") && rel != "COI"))
      throw refuse();
    const auto primitive = [&](JointType t) {
      sys_.AddConstraint(mbs::JointConstraint(&m, t, mi, mj));
    };
    // the radii of the two primitives and the gap of a DIS type
    const double ra = a == "SPH" ? (curved(b) ? m.iradius : m.radius) : 0.0;
    const double rb = curved(b) ? (a == "SPH" ? m.jradius : m.radius) : 0.0;
    const double gap = rel == "DIS" ? m.dist : 0.0;
    // a Mate distance row coordinate - c between markers i and j (swapped: j and i), c > 0
    // before its sign: on the side of the design position when `sided`
    const auto distance = [&](JointType t, double c, bool sided, bool swap = false) {
      if (!(c > 0.0) || !std::isfinite(c))
        throw ModelError(m.Describe() + " (" + type +
                         "): the distance its radius, iradius, jradius and dist give must be "
                         "positive, got " +
                         std::to_string(c));
      const mbs::BodyMarker& i = swap ? mj : mi;
      const mbs::BodyMarker& j = swap ? mi : mj;
      if (sided && DesignCoordinate(t, i, j, design) < 0.0) c = -c;
      sys_.AddConstraint(mbs::JointConstraint(&m, std::vector<Term>{MateTerm(t, i, j, c)}));
    };
    if (rel == "COI" && a == "POI" && b == "POI") {
      primitive(JointType::kSpherical);
    } else if (rel == "COI" && a == "POI" && b == "LIN") {
      primitive(JointType::kInline);
    } else if (rel == "COI" && a == "LIN" && b == "LIN") {
      primitive(JointType::kInline);
      primitive(JointType::kParallelAxes);
    } else if (rel == "COI" && a == "LIN" && b == "PLA") {
      primitive(JointType::kInplane);
      primitive(JointType::kPerpendicular);
    } else if ((a == "POI" || a == "SPH" || a == "LIN") && b != "PLA") {
      // from a point (a sphere's centre, a line) to a point or sphere centre, or to a line or
      // cylinder axis; a point at a distance from a surface stays outside or inside it
      if (a == "LIN") primitive(JointType::kParallelAxes);
      const JointType t =
          b == "POI" || b == "SPH" ? JointType::kMatePointDistance : JointType::kMateAxisDistance;
      double c = ra + rb + gap;
      if (a == "POI" && curved(b) && rel == "DIS" && DesignCoordinate(t, mi, mj, design) < rb)
        c = rb - gap;
      distance(t, c, false);
    } else if (b == "PLA") {
      // a sphere or a line at a distance from the plane of j, on its design side
      if (a == "LIN") primitive(JointType::kPerpendicular);
      distance(JointType::kMatePlaneDistance, ra + gap, true);
    } else if (a == "PLA" && b == "CYL") {
      // the cylinder's axis parallel to the plane of i, at its radius (and dist) from it
      primitive(JointType::kPerpendicular);
      distance(JointType::kMatePlaneDistance, rb + gap, true, true);
    } else {
      throw refuse();
    }
  }
}

}  // namespace msolve::system
