#include "mbs/joint_equations.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace msolve::mbs {

bool ParseJointType(const std::string& word, JointType* type) {
  std::string w = word;
  std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::toupper(c); });
  if (w == "FIXED")
    *type = JointType::kFixed;
  else if (w == "REVOLUTE")
    *type = JointType::kRevolute;
  else if (w == "TRANSLATIONAL")
    *type = JointType::kTranslational;
  else if (w == "SPHERICAL")
    *type = JointType::kSpherical;
  else if (w == "CYLINDRICAL")
    *type = JointType::kCylindrical;
  else if (w == "UNIVERSAL")
    *type = JointType::kUniversal;
  else if (w == "PLANAR")
    *type = JointType::kPlanar;
  else if (w == "HOOKE")
    *type = JointType::kHooke;
  else if (w == "CONVEL")
    *type = JointType::kConvel;
  else
    return false;
  return true;
}

bool ParseJprimType(const std::string& word, JointType* type) {
  std::string w = word;
  std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::toupper(c); });
  if (w == "ATPOINT")
    *type = JointType::kSpherical;
  else if (w == "INLINE")
    *type = JointType::kInline;
  else if (w == "INPLANE")
    *type = JointType::kInplane;
  else if (w == "ORIENTATION")
    *type = JointType::kOrientation;
  else if (w == "PARALLEL_AXES")
    *type = JointType::kParallelAxes;
  else if (w == "PERPENDICULAR")
    *type = JointType::kPerpendicular;
  else
    return false;
  return true;
}

int JointRowCount(JointType type) {
  switch (type) {
    case JointType::kFixed:
      return 6;
    case JointType::kRevolute:
      return 5;
    case JointType::kTranslational:
      return 5;
    case JointType::kSpherical:
      return 3;
    case JointType::kCylindrical:
      return 4;
    case JointType::kUniversal:
      return 4;
    case JointType::kPlanar:
      return 3;
    case JointType::kHooke:
    case JointType::kConvel:
      return 4;
    case JointType::kInline:
    case JointType::kParallelAxes:
      return 2;
    case JointType::kOrientation:
    case JointType::kCurvePoint:
    case JointType::kCurveFrame:
    case JointType::kWeightedPoint:
    case JointType::kSurfacePoint:
    case JointType::kSurfaceFrame:
      return 3;
    case JointType::kInplane:
    case JointType::kPerpendicular:
    case JointType::kRackPinionAngle:
    case JointType::kMatePointDistance:
    case JointType::kMateAxisDistance:
    case JointType::kMatePlaneDistance:
      return 1;
    case JointType::kMotionTranslation:
    case JointType::kMotionRotation:
    case JointType::kMotionX:
    case JointType::kMotionY:
    case JointType::kMotionB1:
    case JointType::kMotionB2:
    case JointType::kMotionB3:
    case JointType::kGeneral:
      return 1;
  }
  return 0;
}

int JointEquationTerms(JointType type, int row, JointEquationTerm* terms) {
  using Kind = JointEquationTerm::Kind;
  constexpr JointEquationTerm kX{Kind::kPoint, 0, 0}, kY{Kind::kPoint, 1, 0},
      kZ{Kind::kPoint, 2, 0};
  constexpr JointEquationTerm kAlongX{Kind::kAlongJ, 0, 0}, kAlongY{Kind::kAlongJ, 1, 0},
      kAlongZ{Kind::kAlongJ, 2, 0};
  constexpr JointEquationTerm kZIxJ{Kind::kAxes, 2, 0}, kZIyJ{Kind::kAxes, 2, 1},
      kXIyJ{Kind::kAxes, 0, 1}, kZIzJ{Kind::kAxes, 2, 2}, kYIxJ{Kind::kAxes, 1, 0};
  // the rows of each type (JointResiduals sums them)
  auto pick = [&](std::initializer_list<JointEquationTerm> rows) {
    terms[0] = rows.begin()[row];
    return 1;
  };
  switch (type) {
    case JointType::kFixed:
      return pick({kX, kY, kZ, kZIxJ, kZIyJ, kXIyJ});
    case JointType::kRevolute:
      return pick({kX, kY, kZ, kZIxJ, kZIyJ});
    case JointType::kTranslational:
      return pick({kAlongX, kAlongY, kZIxJ, kZIyJ, kXIyJ});
    case JointType::kSpherical:
      return pick({kX, kY, kZ});
    case JointType::kCylindrical:
      return pick({kAlongX, kAlongY, kZIxJ, kZIyJ});
    case JointType::kUniversal:
      return pick({kX, kY, kZ, kZIzJ});
    case JointType::kPlanar:
      return pick({kAlongZ, kZIxJ, kZIyJ});
    case JointType::kHooke:
      // the cross pins along x_I and y_J stay perpendicular
      return pick({kX, kY, kZ, kXIyJ});
    case JointType::kConvel:
      // the rotation of I about z_I is equal and opposite to that of J about z_J
      if (row < 3) return pick({kX, kY, kZ});
      terms[0] = kXIyJ;
      terms[1] = kYIxJ;
      return 2;
    case JointType::kInline:
      return pick({kAlongX, kAlongY});
    case JointType::kInplane:
    case JointType::kMotionTranslation:
      return pick({kAlongZ});
    case JointType::kOrientation:
      return pick({kZIxJ, kZIyJ, kXIyJ});
    case JointType::kParallelAxes:
      return pick({kZIxJ, kZIyJ});
    case JointType::kPerpendicular:
      return pick({kZIzJ});
    case JointType::kMotionX:
      return pick({kAlongX});
    case JointType::kMotionY:
      return pick({kAlongY});
    case JointType::kRackPinionAngle:
    case JointType::kMotionRotation:
    case JointType::kMotionB1:
    case JointType::kMotionB2:
    case JointType::kMotionB3:
    case JointType::kCurvePoint:
    case JointType::kCurveFrame:
    case JointType::kWeightedPoint:
    case JointType::kSurfacePoint:
    case JointType::kSurfaceFrame:
    case JointType::kMatePointDistance:
    case JointType::kMateAxisDistance:
    case JointType::kMatePlaneDistance:
    case JointType::kGeneral:
      return 0;
  }
  return 0;
}

const char* JointRowName(JointType type, int row) {
  static const char* point[] = {"x position", "y position", "z position"};
  switch (type) {
    case JointType::kFixed: {
      static const char* n[] = {"x position", "y position", "z position",
                                "z_I.x_J",    "z_I.y_J",    "x_I.y_J"};
      return n[row];
    }
    case JointType::kRevolute: {
      static const char* n[] = {"x position", "y position", "z position", "z_I.x_J", "z_I.y_J"};
      return n[row];
    }
    case JointType::kTranslational: {
      static const char* n[] = {"d.x_J", "d.y_J", "z_I.x_J", "z_I.y_J", "x_I.y_J"};
      return n[row];
    }
    case JointType::kSpherical:
      return point[row];
    case JointType::kCylindrical: {
      static const char* n[] = {"d.x_J", "d.y_J", "z_I.x_J", "z_I.y_J"};
      return n[row];
    }
    case JointType::kUniversal: {
      static const char* n[] = {"x position", "y position", "z position", "z_I.z_J"};
      return n[row];
    }
    case JointType::kPlanar: {
      static const char* n[] = {"d.z_J", "z_I.x_J", "z_I.y_J"};
      return n[row];
    }
    case JointType::kHooke: {
      static const char* n[] = {"x position", "y position", "z position", "x_I.y_J"};
      return n[row];
    }
    case JointType::kConvel: {
      static const char* n[] = {"x position", "y position", "z position", "x_I.y_J + y_I.x_J"};
      return n[row];
    }
    case JointType::kInline: {
      static const char* n[] = {"d.x_J", "d.y_J"};
      return n[row];
    }
    case JointType::kInplane:
      return "d.z_J";
    case JointType::kOrientation: {
      static const char* n[] = {"z_I.x_J", "z_I.y_J", "x_I.y_J"};
      return n[row];
    }
    case JointType::kParallelAxes: {
      static const char* n[] = {"z_I.x_J", "z_I.y_J"};
      return n[row];
    }
    case JointType::kPerpendicular:
      return "z_I.z_J";
    case JointType::kRackPinionAngle:
      return "pinion rotation";
    case JointType::kMotionTranslation:
      return "motion translation";
    case JointType::kMotionRotation:
      return "motion rotation";
    case JointType::kMotionX:
      return "DX(I,J,J)";
    case JointType::kMotionY:
      return "DY(I,J,J)";
    case JointType::kMotionB1:
      return "B1 (body 1-2-3 angle)";
    case JointType::kMotionB2:
      return "B2 (body 1-2-3 angle)";
    case JointType::kMotionB3:
      return "B3 (body 1-2-3 angle)";
    case JointType::kCurvePoint:
    case JointType::kWeightedPoint:
    case JointType::kSurfacePoint:
      return point[row];
    case JointType::kSurfaceFrame: {
      static const char* frame[] = {"z across the surface's u direction",
                                    "z across the surface's v direction",
                                    "x across the surface's v direction"};
      return frame[row];
    }
    case JointType::kCurveFrame: {
      static const char* frame[] = {"z along the curve tangent", "z along the curve normal",
                                    "x along the curve normal"};
      return frame[row];
    }
    case JointType::kMatePointDistance:
      return "|d| (distance between the origins)";
    case JointType::kMateAxisDistance:
      return "distance of I from the z axis of J";
    case JointType::kMatePlaneDistance:
      return "d.z_J (distance of I from the x-y plane of J)";
    case JointType::kGeneral:
      return "function = 0";
  }
  return "?";
}

}  // namespace msolve::mbs
