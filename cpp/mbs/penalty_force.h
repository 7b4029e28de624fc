// Runtime penalty constraint (Pforce, XML Force_Penalty; docs/equations.md §3.15): the
// generalised force -s(g) (penalty g + penalty1 g') grad g on the coordinates its function g
// reads, s(g) = 1, or for a unilateral one the ramp from 0 at g = 0 to 1 at
// g = -smoothing_factor (a step at g = 0 without smoothing). g and its gradient are those of a
// general constraint's row (mbs/general_constraint.h), shared by one element per body the
// function reads: element k gives the wrench on body k.
#pragma once

#include <memory>
#include <vector>

#include "mbs/force_element.h"
#include "mbs/general_constraint.h"

namespace msolve::mbs {

class PenaltyForceElement : public ForceElement {
 public:
  /// The element of term `term` of `law` (whose bodies() it acts on); element 0 owns the
  /// function (functions(), its memory and switches).
  PenaltyForceElement(const model::Pforce* source, std::shared_ptr<const GeneralLaw> law, int term);

  const model::Pforce* source() const override { return source_; }
  const BodyMarker& i() const override { return i_; }
  const BodyMarker& j() const override { return j_; }
  std::vector<int> state_bodies() const override { return law_->bodies(); }
  bool reacts_on_j() const override { return false; }

  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;
  /// -(b_k df + f db_k), b_k = (g_r, L(e)^T g_e / 2) of body k: df exact, db_k from the
  /// Hessian block of body k (the blocks between bodies are left out: the iteration matrix
  /// only).
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;
  std::vector<StateFunction*> functions() const override;

  /// The factor s(g) of the penalty and its derivative ds/dg.
  double Scale(double g, double* dscale) const;

 private:
  // the generalised direction b_k of this element's body (6) from g_q
  Wrench Direction(const double* y, const GeneralRow& row) const;

  const model::Pforce* source_;
  std::shared_ptr<const GeneralLaw> law_;
  int term_;
  BodyMarker i_, j_;
};

}  // namespace msolve::mbs
