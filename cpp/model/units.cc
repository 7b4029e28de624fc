#include <map>
#include <string>

#include "common/error.h"
#include "model/entities.h"

namespace msolve::model {
namespace {

// sizes of the unit words in SI (newton, kilogram, metre, second)
const std::map<std::string, double>& ForceUnits() {
  static const std::map<std::string, double> m = {{"NEWTON", 1.0},
                                                  {"KNEWTON", 1e3},
                                                  {"MEGANEWTON", 1e6},
                                                  {"MILLINEWTON", 1e-3},
                                                  {"MICRONEWTON", 1e-6},
                                                  {"NANONEWTON", 1e-9},
                                                  {"CENTINEWTON", 1e-2},
                                                  {"DYNE", 1e-5},
                                                  {"KILOGRAM_FORCE", 9.80665},
                                                  {"POUND_FORCE", 4.4482216152605},
                                                  {"KPOUND_FORCE", 4448.2216152605},
                                                  {"OUNCE_FORCE", 0.27801385095378125},
                                                  {"POUNDAL", 0.138254954376}};
  return m;
}
const std::map<std::string, double>& MassUnits() {
  static const std::map<std::string, double> m = {{"KILOGRAM", 1.0},
                                                  {"GRAM", 1e-3},
                                                  {"MILLIGRAM", 1e-6},
                                                  {"MICROGRAM", 1e-9},
                                                  {"NANOGRAM", 1e-12},
                                                  {"TONNE", 1e3},
                                                  {"POUND_MASS", 0.45359237},
                                                  {"KPOUND_MASS", 453.59237},
                                                  {"OUNCE_MASS", 0.028349523125},
                                                  {"SLUG", 14.593902937206364},
                                                  {"SLINCH", 175.12683524647636},
                                                  {"US_TON", 907.18474}};
  return m;
}
const std::map<std::string, double>& LengthUnits() {
  static const std::map<std::string, double> m = {
      {"METER", 1.0},        {"KILOMETER", 1e3},  {"CENTIMETER", 1e-2}, {"MILLIMETER", 1e-3},
      {"MICROMETER", 1e-6},  {"NANOMETER", 1e-9}, {"ANGSTROM", 1e-10},  {"INCH", 0.0254},
      {"FOOT", 0.3048},      {"YARD", 0.9144},    {"MILE", 1609.344},   {"MILLS", 2.54e-5},
      {"MICROINCH", 2.54e-8}};
  return m;
}
const std::map<std::string, double>& TimeUnits() {
  static const std::map<std::string, double> m = {
      {"SECOND", 1.0},  {"MILLISECOND", 1e-3}, {"MICROSECOND", 1e-6}, {"NANOSECOND", 1e-9},
      {"MINUTE", 60.0}, {"HOUR", 3600.0},      {"DAY", 86400.0}};
  return m;
}

double Lookup(const std::map<std::string, double>& table, const std::string& word, const char* what,
              const Units& u) {
  auto it = table.find(word);
  if (it == table.end())
    throw ModelError(u.Describe() + ": unknown " + what + " unit '" + word + "'");
  return it->second;
}

}  // namespace

double Units::ConsistencyFactor() const {
  if (ucf) {
    if (!(*ucf > 0)) throw ModelError(Describe() + ": ucf must be positive");
    return *ucf;
  }
  // one model force unit is f newtons; one model mass * length / time^2 is m l / t^2 newtons
  const double f = Lookup(ForceUnits(), force, "force", *this);
  const double m = Lookup(MassUnits(), mass, "mass", *this);
  const double l = Lookup(LengthUnits(), length, "length", *this);
  const double t = Lookup(TimeUnits(), time, "time", *this);
  return f * t * t / (m * l);
}

}  // namespace msolve::model
