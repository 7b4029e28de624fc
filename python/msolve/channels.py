"""The channels of results: how a component of a request or a body is named (``Request2.FZ``,
``Part3.X``, as the result files and DataFrames name it) and in which unit it is given.

Results are in the model's units and angles in radians (docs/conventions.md §2.2, §2.3);
a unit is written with the symbols of ``_SYMBOLS`` (the Units word
in lower case when it has none), e.g. ``N*mm`` or ``mm/s^2``.
"""

from __future__ import annotations

from .bodies import Part, PointMass
from .results import ENERGY_COMPONENTS, channel_prefix, component_names
from .settings import Units

# the symbols of the Units words
_SYMBOLS = {
    "NEWTON": "N",
    "KNEWTON": "kN",
    "MEGANEWTON": "MN",
    "MILLINEWTON": "mN",
    "MICRONEWTON": "uN",
    "NANONEWTON": "nN",
    "CENTINEWTON": "cN",
    "DYNE": "dyn",
    "KILOGRAM_FORCE": "kgf",
    "POUND_FORCE": "lbf",
    "KPOUND_FORCE": "klbf",
    "OUNCE_FORCE": "ozf",
    "POUNDAL": "pdl",
    "KILOGRAM": "kg",
    "GRAM": "g",
    "MILLIGRAM": "mg",
    "MICROGRAM": "ug",
    "NANOGRAM": "ng",
    "TONNE": "t",
    "POUND_MASS": "lb",
    "KPOUND_MASS": "klb",
    "OUNCE_MASS": "oz",
    "SLUG": "slug",
    "SLINCH": "slinch",
    "US_TON": "ton",
    "METER": "m",
    "MILLIMETER": "mm",
    "CENTIMETER": "cm",
    "KILOMETER": "km",
    "MICROMETER": "um",
    "NANOMETER": "nm",
    "ANGSTROM": "A",
    "INCH": "in",
    "FOOT": "ft",
    "YARD": "yd",
    "MILE": "mi",
    "MILLS": "mil",
    "MICROINCH": "uin",
    "SECOND": "s",
    "MILLISECOND": "ms",
    "MICROSECOND": "us",
    "NANOSECOND": "ns",
    "MINUTE": "min",
    "HOUR": "h",
    "DAY": "d",
}

# the dimension of each component: L length, T time, F force, A angle (radians), "" none
_DIMENSIONS = {
    "DISPLACEMENT": ["L", "L", "L", "L", "", "A", "A", "A"],
    "VELOCITY": ["L/T", "L/T", "L/T", "L/T", "A/T", "A/T", "A/T", "A/T"],
    "ACCELERATION": ["L/T^2"] * 4 + ["A/T^2"] * 4,
    "FORCE": ["F"] * 4 + ["F*L"] * 4,
    "EXPRESSION": [""] * 8,
    "BODY": ["L", "L", "L", "", "", "", ""],
    "ENERGY": ["F*L"] * 6,
    "CONTACT": ["F"] * 6 + ["L"] * 4 + ["L/T", ""],
    "RV": ["", ""],  # an Rv's function has whatever unit its expression gives
}


class UnitSymbols:
    """The unit symbols of a model: ``length``, ``time``, ``force``, ``mass`` and ``of(dim)``
    for a dimension such as ``"L/T^2"``."""

    def __init__(self, model=None):
        words = {"force": "NEWTON", "mass": "KILOGRAM", "length": "METER", "time": "SECOND"}
        units = [u for u in model.getChildren(Units) if u.active] if model is not None else []
        if units:
            for key in words:
                words[key] = getattr(units[0], key) or words[key]
        self.words = words
        for key, word in words.items():
            setattr(self, key, _SYMBOLS.get(word, word.lower()))

    def of(self, dimension):
        if not dimension:
            return ""
        text = dimension
        for letter, symbol in (("L", self.length), ("T", self.time), ("F", self.force)):
            text = text.replace(letter, symbol)
        return text.replace("A", "rad")


def channel_names(entity):
    """The component names of ``entity`` in result files: those of ``component_names``, the
    unused fifth of a DISPLACEMENT request named by its number (``5``)."""
    return [n or str(k + 1) for k, n in enumerate(component_names(entity))]


def channel_units(entity, symbols):
    """The unit of each component of ``entity``'s results."""
    if isinstance(entity, (Part, PointMass)):
        kind = "BODY"
    elif channel_prefix(entity).startswith("Contact"):
        kind = "CONTACT"
    elif channel_prefix(entity).startswith("Rv"):
        kind = "RV"
    else:
        kind = "EXPRESSION" if entity.routine is not None else entity.type
    return [symbols.of(d) for d in _DIMENSIONS[kind]]


def energy_units(symbols):
    return [symbols.of(d) for d in _DIMENSIONS["ENERGY"]]


def units_table(model, results):
    """The unit of every channel of ``results`` (a model's), by its name in DataFrames."""
    symbols = UnitSymbols(model)
    units = {"time": symbols.time}
    for series in results.objects:
        names = channel_names(series.entity)
        for name, unit in zip(names, channel_units(series.entity, symbols)):
            units[f"{series.channel}.{name}"] = unit
    for name, unit in zip(ENERGY_COMPONENTS, energy_units(symbols)):
        units[f"energy.{name}"] = unit
    return units
