"""MotionSolve XML datasets: ``load_model(path)`` reads one into a Model,
``save_model(model, path)`` (or ``model.save_model(path)``) writes one, and
``read_dataset(path)`` gives the model with the Command block of the dataset (what
``msolve run`` runs).

Modules: ``tree`` (the safe XML parser), ``reader`` (the entry, ids, user routines and the
dispatch of the elements), ``writer`` (the driver of the writing), ``element`` (reading and
writing one element), ``frames`` (frame arithmetic), ``registry`` (the readers and writers,
registered by their modules), and one module per kind of element, each reading and writing
it: ``settings``, ``bodies``, ``constraints``, ``forces``, ``controls``, ``outputs`` and
``sensors``.
"""

from .reader import Dataset, load_model, read_dataset
from .settings import Command
from .tree import DatasetError, DatasetWarning
from .writer import DatasetWriteError, save_model

__all__ = [
    "Command",
    "Dataset",
    "DatasetError",
    "DatasetWarning",
    "DatasetWriteError",
    "load_model",
    "read_dataset",
    "save_model",
]
