#include "mbs/joint.h"

#include <cmath>

#include <unsupported/Eigen/AutoDiff>

#include "mbs/joint_terms.h"

namespace msolve::mbs {
namespace {

using AD1 = Eigen::AutoDiffScalar<Eigen::Matrix<double, kPairQ, 1>>;
using AD2 = Eigen::AutoDiffScalar<Eigen::Matrix<AD1, kPairQ, 1>>;
// second-order forward mode along one direction (a univariate Taylor jet)
using Jet1 = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;
using Jet2 = Eigen::AutoDiffScalar<Eigen::Matrix<Jet1, 1, 1>>;

// global frame of a marker, for body coordinates q (already seeded scalars) or the ground
template <class S>
Frame<S> MarkerFrameT(const BodyMarker& m, const S* q) {
  Frame<S> f;
  if (q == nullptr) {
    for (int a = 0; a < 3; ++a) {
      f.p[a] = S(m.s[a]);
      for (int b = 0; b < 3; ++b) f.R(a, b) = S(m.A(a, b));
    }
    return f;
  }
  const math::Mat3T<S> Rb = math::QuatToMatrix<S>(q + 3);
  for (int a = 0; a < 3; ++a) {
    f.p[a] = q[a];
    for (int b = 0; b < 3; ++b) {
      f.p[a] += Rb(a, b) * m.s[b];
    }
  }
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      S sum = Rb(a, 0) * m.A(0, b);
      sum += Rb(a, 1) * m.A(1, b);
      sum += Rb(a, 2) * m.A(2, b);
      f.R(a, b) = sum;
    }
  }
  return f;
}

// adds sign * d(w . R(e) u)/de to g (4 entries), w held fixed, for R(e) of
// math::QuatToMatrix (|e|^2 times a rotation when e is not unit): with e = (e0, eps),
// R(e) u = (e0^2 - eps.eps) u + 2 eps (eps.u) + 2 e0 eps x u, and w . (eps x u) = eps . c
// for c = u x w
template <class S, class W>
void AddQuatGradient(const S* e, const Vec3& u, const W& w, double sign, S* g) {
  using T = typename W::Scalar;
  const T wu = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
  const T c0 = u[1] * w[2] - u[2] * w[1];
  const T c1 = u[2] * w[0] - u[0] * w[2];
  const T c2 = u[0] * w[1] - u[1] * w[0];
  const S eu = e[1] * u[0] + e[2] * u[1] + e[3] * u[2];
  const S ew = e[1] * w[0] + e[2] * w[1] + e[3] * w[2];
  const double s2 = 2.0 * sign;
  g[0] += s2 * (e[0] * wu + e[1] * c0 + e[2] * c1 + e[3] * c2);
  g[1] += s2 * (e[0] * c0 - wu * e[1] + eu * w[0] + ew * u[0]);
  g[2] += s2 * (e[0] * c1 - wu * e[2] + eu * w[1] + ew * u[1]);
  g[3] += s2 * (e[0] * c2 - wu * e[3] + eu * w[2] + ew * u[2]);
}

// adds sign * d(w . p)/dq to g (7 entries) for the origin p = r + R(e) s of marker m on a
// body at q (nothing for the ground), w held fixed
template <class S, class W>
void AddPointGradient(const BodyMarker& m, const S* q, const W& w, double sign, S* g) {
  if (q == nullptr) return;
  for (int a = 0; a < 3; ++a) g[a] += sign * w[a];
  AddQuatGradient(q + 3, m.s, w, sign, g + 3);
}

// the equations of one term: the joint equations of its type, or the curve or surface point
// or frame
template <class S>
void TermResiduals(const JointConstraint::Term& t, const Frame<S>& I, const Frame<S>& J, S* phi,
                   double reference) {
  if (t.type == JointType::kCurveFrame) {
    CurveFrameResiduals(t, I, J, phi);
    return;
  }
  if (t.type == JointType::kWeightedPoint) {
    // -w(u) p_I, the weights' x components (docs/equations.md §2.11)
    S w = CurvePointT(*t.curve, J.p[2])[0];
    if (t.curve_v) w = w * CurvePointT(*t.curve_v, J.p[0])[0];
    for (int r = 0; r < 3; ++r) phi[r] = -(w * I.p[r]);
    return;
  }
  if (t.type == JointType::kSurfaceFrame) {
    SurfaceFrameResiduals(t, I, J, phi);
    return;
  }
  if (t.type == JointType::kSurfacePoint) {
    const math::Vec3T<S> s = Turned(I.R, SurfaceDerivativeT(*t.surface, J.p[0], J.p[1], 0, 0));
    for (int r = 0; r < 3; ++r) phi[r] = -s[r];
    return;
  }
  if (t.type == JointType::kMatePointDistance || t.type == JointType::kMateAxisDistance ||
      t.type == JointType::kMatePlaneDistance) {
    MateResidual(t, I, J, phi);
    return;
  }
  if (t.type != JointType::kCurvePoint) {
    JointResiduals(t.type, I, J, phi, reference);
    return;
  }
  const math::Vec3T<S> c = CurvePointT(*t.curve, J.p[2]);
  for (int r = 0; r < 3; ++r) {
    S sum = I.R(r, 0) * c[0];
    sum += I.R(r, 1) * c[1];
    sum += I.R(r, 2) * c[2];
    phi[r] = -sum;
  }
}

template <class S>
using ClosedFormGradient = Eigen::Matrix<S, 6, kPairQ, Eigen::RowMajor>;

// d^order w / du^order of a weight curve (its x component) at u, as CurvePointT
template <class S>
S WeightT(const math::SpaceCurve& curve, const S& u, int order) {
  const double a = PlainValue(u);
  const double c0 = curve.Evaluate(a, order)[0], c1 = curve.Evaluate(a, order + 1)[0];
  const double c2 = curve.Evaluate(a, order + 2)[0];
  const S du = u - a;
  return c0 + c1 * du + c2 * (0.5 * du * du);
}

// kWeightedPoint in closed form (docs/equations.md §2.11): phi = -W p_I, W = w(u) (w(u) w_v(v)
// on a surface; u, v the global z, x of J), its gradient -W dp_I/dq_I, -W_u p_I, -W_v p_I: a
// curve has a term per marker, so the Hessians differentiate this gradient once.
template <class S>
void WeightedPointResiduals(const JointConstraint::Term& t, const S* qI, const S* qJ, S* phi,
                            ClosedFormGradient<S>* grad) {
  const Frame<S> I = MarkerFrameT<S>(t.i, qI);
  const S u = qJ ? qJ[2] : S(0.0), v = qJ ? qJ[0] : S(0.0);
  S w = WeightT(*t.curve, u, 0), wu = WeightT(*t.curve, u, 1), wv = S(0.0);
  if (t.curve_v) {
    const S b = WeightT(*t.curve_v, v, 0);
    wv = w * WeightT(*t.curve_v, v, 1);
    wu = wu * b;
    w = w * b;
  }
  for (int r = 0; r < 3; ++r) {
    S* gI = grad->row(r).data();
    S* gJ = gI + kBodyQ;
    for (int c = 0; c < kPairQ; ++c) gI[c] = S(0.0);
    math::Vec3T<S> axis;  // w along row r's axis
    for (int a = 0; a < 3; ++a) axis[a] = S(a == r ? 1.0 : 0.0) * w;
    AddPointGradient(t.i, qI, axis, -1.0, gI);
    if (qJ) gJ[2] = -(wu * I.p[r]);
    if (qJ && t.curve_v) gJ[0] = -(wv * I.p[r]);
    phi[r] = -(w * I.p[r]);
  }
}

// Residuals and their gradient (rows x 14) of a joint type whose equations are sums of the
// terms of JointEquationTerms, in closed form; false for the angle types.
template <class S>
bool ClosedFormResiduals(JointType type, const BodyMarker& mi, const BodyMarker& mj, const S* qI,
                         const S* qJ, S* phi, ClosedFormGradient<S>* grad) {
  JointEquationTerm terms[2];
  if (JointEquationTerms(type, 0, terms) == 0) return false;
  using Kind = JointEquationTerm::Kind;
  const Frame<S> I = MarkerFrameT<S>(mi, qI), J = MarkerFrameT<S>(mj, qJ);
  const math::Vec3T<S> d = I.p - J.p;
  const int rows = JointRowCount(type);
  for (int r = 0; r < rows; ++r) {
    S* gI = grad->row(r).data();
    S* gJ = gI + kBodyQ;
    for (int c = 0; c < kPairQ; ++c) gI[c] = S(0.0);
    const int n = JointEquationTerms(type, r, terms);
    for (int k = 0; k < n; ++k) {
      const JointEquationTerm& t = terms[k];
      const S value = JointTermValue(t, d, I, J);
      if (t.kind == Kind::kPoint) {
        // d[a] = p_I[a] - p_J[a]
        const Vec3 w = Vec3::Unit(t.a);
        AddPointGradient(mi, qI, w, 1.0, gI);
        AddPointGradient(mj, qJ, w, -1.0, gJ);
      } else if (t.kind == Kind::kAlongJ) {
        // d . a_J: both origins along a_J, and a_J along d
        const math::Vec3T<S> aJ = J.R.col(t.a);
        AddPointGradient(mi, qI, aJ, 1.0, gI);
        AddPointGradient(mj, qJ, aJ, -1.0, gJ);
        if (qJ) AddQuatGradient(qJ + 3, Vec3(mj.A.col(t.a)), d, 1.0, gJ + 3);
      } else {
        // a_I . b_J: each axis along the other
        const math::Vec3T<S> aI = I.R.col(t.a), bJ = J.R.col(t.b);
        if (qI) AddQuatGradient(qI + 3, Vec3(mi.A.col(t.a)), bJ, 1.0, gI + 3);
        if (qJ) AddQuatGradient(qJ + 3, Vec3(mj.A.col(t.b)), aI, 1.0, gJ + 3);
      }
      phi[r] = k == 0 ? value : S(phi[r] + value);
    }
  }
  return true;
}

// the closed-form residuals and gradient of a term: kWeightedPoint, or a joint type
template <class S>
bool ClosedFormTerm(const JointConstraint::Term& t, const S* qI, const S* qJ, S* phi,
                    ClosedFormGradient<S>* grad) {
  if (t.type == JointType::kWeightedPoint) {
    WeightedPointResiduals(t, qI, qJ, phi, grad);
    return true;
  }
  return ClosedFormResiduals<S>(t.type, t.i, t.j, qI, qJ, phi, grad);
}

}  // namespace

Frame<double> MarkerFrame(const BodyMarker& m, const double* q) { return MarkerFrameT(m, q); }

JointConstraint::JointConstraint(const model::Entity* source, JointType type, BodyMarker i,
                                 BodyMarker j, const model::Motion* motion)
    : source_(source), motion_(motion), rows_(JointRowCount(type)) {
  Term t;
  t.type = type;
  t.i = i;
  t.j = j;
  terms_.push_back(t);
  memory_size_ = IsMotionAngle(type) ? 1 : 0;
}

JointConstraint::JointConstraint(const model::Entity* source, std::vector<Term> terms)
    : source_(source), motion_(nullptr), terms_(std::move(terms)), rows_(1) {
  for (Term& t : terms_) {
    if (IsMotionAngle(t.type)) memory_size_ = static_cast<int>(terms_.size());
    single_pair_ = single_pair_ && t.i.source == terms_[0].i.source &&
                   t.j.source == terms_[0].j.source && t.i.body == terms_[0].i.body &&
                   t.j.body == terms_[0].j.body;
  }
}

JointConstraint::JointConstraint(const model::Entity* source, std::vector<Term> terms, int rows)
    : JointConstraint(source, std::move(terms)) {
  rows_ = rows;
}

JointConstraint::JointConstraint(const model::Entity* source, std::vector<Term> terms,
                                 std::shared_ptr<const CouplerLaw> law)
    : JointConstraint(source, std::move(terms)) {
  law_ = std::move(law);
  single_pair_ = false;  // the law needs every term's displacement
}

double JointConstraint::Factor(int k, const Coupling* coupling) const {
  if (law_) return coupling->grad[k];
  return terms_.size() > 1 ? terms_[k].scale : 1.0;
}

double JointConstraint::Share(int k, double x, const Coupling* coupling) const {
  if (terms_.size() == 1) return x;
  if (law_) return k == 0 ? coupling->value : 0.0;
  return terms_[k].scale * (x - terms_[k].origin);
}

double JointConstraint::Displacement(int k, const double* qI, const double* qJ, const double* slots,
                                     const double* qdot, double* rate) const {
  const Term& t = terms_[k];
  if (rate == nullptr) {
    double x = 0.0;
    TermResiduals(t, MarkerFrameT(t.i, qI), MarkerFrameT(t.j, qJ), &x, Reference(k, slots));
    return x - t.origin;
  }
  // the rate: the coordinate along q + s qdot, differentiated in s
  Jet1 q[kPairQ];
  for (int c = 0; c < kPairQ; ++c) {
    const bool moving = c < kBodyQ ? qI != nullptr : qJ != nullptr;
    if (moving)
      q[c] =
          Jet1(c < kBodyQ ? qI[c] : qJ[c - kBodyQ], Eigen::Matrix<double, 1, 1>::Constant(qdot[c]));
  }
  Jet1 x[6];
  TermResiduals(t, MarkerFrameT<Jet1>(t.i, qI ? q : nullptr),
                MarkerFrameT<Jet1>(t.j, qJ ? q + kBodyQ : nullptr), x, Reference(k, slots));
  *rate = x[0].derivatives().size() ? x[0].derivatives()[0] : 0.0;
  return x[0].value() - t.origin;
}

std::string JointConstraint::Describe() const {
  const model::Joint* j = joint();
  if (motion_ && j == nullptr) return motion_->Describe();
  if (motion_) return motion_->Describe() + " (on " + j->Describe() + ")";
  if (j) return j->Describe() + " (" + j->type + ")";
  return source_ ? source_->Describe() : std::string("constraint");
}

std::string JointConstraint::RowName(int row) const {
  if (general_) return "function = 0";
  if (rows_ > 1 && terms_.size() > 1) return JointRowName(JointType::kCurvePoint, row);
  if (terms_.size() > 1) {
    // the arc lengths of a Cvcv without slip (docs/equations.md §2.8)
    if (type() == JointType::kCurvePoint) return "equal arc lengths (rolling without slip)";
    if (joint()) return "coordinates related by " + joint()->type;
    return "coupled joint coordinates";
  }
  return JointRowName(type(), row);
}

void JointConstraint::InitialMemory(double* slots) const {
  for (int k = 0; k < memory_size(); ++k) slots[k] = terms_[k].origin;
}

void JointConstraint::EvaluateTermValue(int k, const double* qI, const double* qJ,
                                        const double* slots, double* phi,
                                        const Coupling* coupling) const {
  const Term& t = terms_[k];
  if (law_ || general_) {
    phi[0] = general_ ? (k == 0 ? coupling->general.value : 0.0) : Share(k, 0.0, coupling);
    return;
  }
  TermResiduals(t, MarkerFrameT(t.i, qI), MarkerFrameT(t.j, qJ), phi, Reference(k, slots));
  if (terms_.size() > 1) phi[0] = Share(k, phi[0], coupling);
}

void JointConstraint::EvaluateTerm(int k, const double* qI, const double* qJ, const double* slots,
                                   double* phi, PairGradient* grad,
                                   const Coupling* coupling) const {
  if (general_) {
    GeneralTerm(k, phi, grad, nullptr, coupling);
    return;
  }
  const Term& t = terms_[k];
  grad->resize(rows_, kPairQ);
  const bool relation = terms_.size() > 1;
  const double scale = Factor(k, coupling);
  // closed form, or forward-mode differentiation of the angles
  ClosedFormGradient<double> g;
  if (ClosedFormTerm<double>(t, qI, qJ, phi, &g)) {
    for (int r = 0; r < rows_; ++r) {
      if (relation) phi[r] = Share(k, phi[r], coupling);
      grad->row(r) = scale * g.row(r);
    }
    return;
  }
  // seed the coordinates of the moving bodies
  AD1 q[kPairQ];
  for (int c = 0; c < kBodyQ; ++c) {
    if (qI) q[c] = AD1(qI[c], kPairQ, c);
    if (qJ) q[kBodyQ + c] = AD1(qJ[c], kPairQ, kBodyQ + c);
  }
  AD1 out[6];
  TermResiduals(t, MarkerFrameT<AD1>(t.i, qI ? q : nullptr),
                MarkerFrameT<AD1>(t.j, qJ ? q + kBodyQ : nullptr), out, Reference(k, slots));
  for (int r = 0; r < rows_; ++r) {
    phi[r] = Share(k, out[r].value(), coupling);
    grad->row(r) = scale * out[r].derivatives().transpose();
  }
}

void JointConstraint::EvaluateTermHessians(int k, const double* qI, const double* qJ,
                                           const double* slots, double* phi, PairGradient* grad,
                                           std::vector<PairHessian>* hess,
                                           const Coupling* coupling) const {
  if (general_) {
    GeneralTerm(k, phi, grad, hess, coupling);
    return;
  }
  EvaluateTermHessiansOfScale(k, qI, qJ, slots, phi, grad, hess, coupling);
  if (!law_) return;
  // f_kk g_k^T g_k, g_k = grad / f_k the coordinate's gradient (without f_k: the differences)
  PairGradient g;
  double x;
  const Coupling unit = UnitCoupling(k);
  EvaluateTerm(k, qI, qJ, slots, &x, &g, &unit);
  (*hess)[0] += coupling->hess[4 * k] * g.row(0).transpose() * g.row(0);
}

void JointConstraint::EvaluateTermHessiansOfScale(int k, const double* qI, const double* qJ,
                                                  const double* slots, double* phi,
                                                  PairGradient* grad,
                                                  std::vector<PairHessian>* hess,
                                                  const Coupling* coupling) const {
  const Term& t = terms_[k];
  const double scale = Factor(k, coupling);
  grad->resize(rows_, kPairQ);
  hess->resize(rows_);
  // closed form: forward-mode differentiation of the closed-form gradient
  {
    AD1 q[kPairQ];
    for (int c = 0; c < kBodyQ; ++c) {
      if (qI) q[c] = AD1(qI[c], kPairQ, c);
      if (qJ) q[kBodyQ + c] = AD1(qJ[c], kPairQ, kBodyQ + c);
    }
    AD1 out[6];
    ClosedFormGradient<AD1> g;
    if (ClosedFormTerm<AD1>(t, qI ? q : nullptr, qJ ? q + kBodyQ : nullptr, out, &g)) {
      for (int r = 0; r < rows_; ++r) {
        phi[r] = Share(k, out[r].value(), coupling);
        for (int a = 0; a < kPairQ; ++a) {
          (*grad)(r, a) = scale * g(r, a).value();
          (*hess)[r].row(a) = scale * g(r, a).derivatives().transpose();
        }
      }
      return;
    }
  }
  // the angles: second-order forward mode, the value of each outer derivative is itself
  // differentiated
  AD2 q[kPairQ];
  for (int c = 0; c < kPairQ; ++c) {
    const bool moving = c < kBodyQ ? qI != nullptr : qJ != nullptr;
    if (!moving) continue;
    const double x = c < kBodyQ ? qI[c] : qJ[c - kBodyQ];
    Eigen::Matrix<AD1, kPairQ, 1> d;
    for (int a = 0; a < kPairQ; ++a) d[a] = AD1(0.0, Eigen::Matrix<double, kPairQ, 1>::Zero());
    d[c] = AD1(1.0, Eigen::Matrix<double, kPairQ, 1>::Zero());
    q[c] = AD2(AD1(x, kPairQ, c), d);
  }
  AD2 out[6];
  TermResiduals(t, MarkerFrameT<AD2>(t.i, qI ? q : nullptr),
                MarkerFrameT<AD2>(t.j, qJ ? q + kBodyQ : nullptr), out, Reference(k, slots));
  for (int r = 0; r < rows_; ++r) {
    phi[r] = Share(k, out[r].value().value(), coupling);
    grad->row(r) = scale * out[r].value().derivatives().transpose();
    for (int a = 0; a < kPairQ; ++a)
      (*hess)[r].row(a) = scale * out[r].derivatives()[a].derivatives();
  }
}

void JointConstraint::EvaluateTermCurvature(int k, const double* qI, const double* qJ,
                                            const double* slots, const double* qdot,
                                            double* curvature, const Coupling* coupling) const {
  if (general_) {
    // the whole row's curvature (the cross terms between bodies and time) is term 0's
    curvature[0] = k == 0 ? coupling->general.curvature : 0.0;
    return;
  }
  const Term& t = terms_[k];
  // q(s) = q + s qdot: the second derivative of phi(q(s)) at s = 0 is qdot^T H qdot
  Jet2 q[kPairQ];
  for (int c = 0; c < kPairQ; ++c) {
    const bool moving = c < kBodyQ ? qI != nullptr : qJ != nullptr;
    if (!moving) continue;
    const double x = c < kBodyQ ? qI[c] : qJ[c - kBodyQ];
    Eigen::Matrix<Jet1, 1, 1> d;
    d[0] = Jet1(qdot[c], Eigen::Matrix<double, 1, 1>::Zero());
    q[c] = Jet2(Jet1(x, Eigen::Matrix<double, 1, 1>::Constant(qdot[c])), d);
  }
  Jet2 out[6];
  TermResiduals(t, MarkerFrameT<Jet2>(t.i, qI ? q : nullptr),
                MarkerFrameT<Jet2>(t.j, qJ ? q + kBodyQ : nullptr), out, Reference(k, slots));
  const double scale = Factor(k, coupling);
  for (int r = 0; r < rows_; ++r)
    curvature[r] =
        out[r].derivatives().size() ? scale * out[r].derivatives()[0].derivatives()[0] : 0.0;
  // a law: f_kk times the square of the displacement's rate
  if (law_ && out[0].derivatives().size()) {
    const double rate = out[0].value().derivatives()[0];
    curvature[0] += coupling->hess[4 * k] * rate * rate;
  }
}

void JointConstraint::AcceptTerm(int k, const double* qI, const double* qJ, double* slots) const {
  const Term& t = terms_[k];
  if (slots == nullptr || memory_size_ == 0 || !IsMotionAngle(t.type)) return;
  TermResiduals(t, MarkerFrameT(t.i, qI), MarkerFrameT(t.j, qJ), &slots[k], slots[k]);
}

}  // namespace msolve::mbs
