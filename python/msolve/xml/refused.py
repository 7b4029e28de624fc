"""Dataset elements of the entities msolve knows but refuses to simulate (msolve/refused.py),
read and written so that a dataset goes through msolve unchanged. None at present:
``Force_MultiPoint`` (Nforce), the one this module held, is simulated and lives in
``xml/forces.py``."""
