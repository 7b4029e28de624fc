// What the binding files of the model description share.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "model/entity.h"

namespace msolve::bindings {

namespace py = pybind11;

// a non-owning reference property (entities are owned by the Model)
template <class C, class T>
inline void RefProperty(py::class_<C, model::Entity, std::shared_ptr<C>>& cls, const char* name,
                        T* C::*field) {
  cls.def_property(
      name, [field](C& self) { return self.*field; },
      [field](C& self, T* value) { self.*field = value; }, py::return_value_policy::reference);
}

}  // namespace msolve::bindings
