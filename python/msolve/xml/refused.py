"""Dataset elements of the entities msolve knows but refuses to simulate (msolve/refused.py),
read and written so that a dataset goes through msolve unchanged: ``Force_MultiPoint``
(Nforce). The model they build is refused at simulate, naming the element's entity."""

from __future__ import annotations

from ..refused import Nforce
from .element import _marker
from .registry import reads, writes

# -- reading -------------------------------------------------------------------------------


@reads("Force_MultiPoint")
def read_nforce(reader, el):
    kwds = {}
    if el.has("cratio"):
        kwds["cratio"] = el.real("cratio", minimum=0.0)
    nforce = reader.create(el, Nforce, **kwds)
    _marker(reader, el, "ref_marker_id", nforce, "j")
    for attribute, field in (
        ("kmtx_id", "kmatrix"),
        ("cmtx_id", "cmatrix"),
        ("preload_mtx_id", "force"),
        ("length_mtx_id", "length"),
    ):
        reader.link(
            el,
            attribute,
            "Matrix",
            lambda m, field=field: setattr(nforce, field, m),
            required=attribute == "kmtx_id",
        )
    if el.has("cmtx_id") and el.has("cratio"):
        raise el.error("give the damping by 'cmtx_id' or by 'cratio', not both")
    # the I markers: their ids in the element text, as many as n_i_marker says
    count = el.int("n_i_marker", required=True, minimum=1)
    ids = el.reals_text("the I marker ids", count)
    if any(not float(i).is_integer() or i <= 0 for i in ids):
        raise el.error("the I marker ids in the text must be positive integers")
    markers = [int(i) for i in ids]
    reader.links.append((el, "n_i_marker", "Marker", markers, lambda m: _set_i(nforce, m)))
    el.finish()


def _set_i(nforce, markers):
    nforce.imarkers = markers


# -- writing -------------------------------------------------------------------------------


@writes(Nforce, section="forces")
def write_nforce(w, f):
    e = w.add("Force_MultiPoint", f)
    e.set("ref_marker_id", w.need(f, "j")).set("kmtx_id", w.need(f, "kmatrix"))
    if f.cmatrix is not None:
        e.set("cmtx_id", f.cmatrix.id)
    elif f.cratio:
        e.set("cratio", f.cratio)
    e.set("preload_mtx_id", w.ref(f, "force")).set("length_mtx_id", w.ref(f, "length"))
    if not f.imarkers:
        raise w.fail(f, "'imarkers' is empty")
    e.set("n_i_marker", len(f.imarkers))
    e.text = [" ".join(str(m.id) for m in f.imarkers)]
