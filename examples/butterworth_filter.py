# ButterworthFilter: the Composite example of MotionSolve's msolve documentation
# (docs/motionsolve-compatibility.md §8), with its indentation restored. The code between the two
# "seed" rulers is the seed's; what follows the second ruler is added for msolve (a summary and a
# plot).
#
# Fixes to the seed text, each the smallest that real Python needs:
# 1. The class docstring and the createChildren / updateChildren docstrings lost their
#    closing quotes in the text; they are closed at the end of their paragraphs.
# 2. `self.tf = Tfsiso (... numerator=num,` is cut short in the text; it is completed with
#    `denominator=den)`, the denominator defined on the line above.
# 3. `butterworthFilter` is defined without parameters but called with a name
#    (`butterworthFilter ("butterworth-1")`); it takes that name as an optional parameter
#    `name`, which it does not use.
#
# Run:  python examples/butterworth_filter.py   (prints a summary, writes butterworth.png)

# ---- seed ---------------------------------------------------------------------------
from msolve import *

class ButterworthFilter (Composite):
  """The Butterworth filter is a type of signal processing filter designed to have
  as flat a frequency response as possible in the passband. It is also referred
  to as a maximally flat magnitude filter and it is generally used to eliminate
  high frequency content from an input signal.
  """
  inputSignal = Function ()
  outputSignal = Function ()
  order = Int (3)

  #- topology ----------------------------------------------------------------

  def createChildren (self):
    """This method is called once when the object is created. It is used to
    define all the 'immutable' properties of the class. The Butterworth
    filter consists of the following:
    * A string containing the function expression defining the input signal
    * A VARIABLE that defines the input signal
    * A TFSISO that captures the input to output relationship
    * An ARRAY of type 'X' to hold the internal states of the TFSISO
    * An ARRAY of type 'Y' to hold the output from TFSISO
    * An ARRAY of type 'U' to hold the input signal to the TFSISO
    * A string that defines the function expression to access the output
    """
    self.var = Variable (function=self.inputSignal)
    x = Array (type="X")
    y = Array (type="Y")
    u = Array (type="U", size=1, variables=[self.var])
    num = [1]
    den = [1, 2, 2, 1]
    self.tf = Tfsiso (label="Butterworth Filter", x=x, y=y, u=u, numerator=num,
                      denominator=den)
    self.outputSignal = "ARYVAL({id},1)".format(id=y.id)

  #- Update Children -----------------------------------------------------------
  def updateChildren (self):
    """This is called when the property value changes to propagate the change
    to the child objects
    """
    self.var.function = self.inputSignal
    if self.order == 1:
      self.tf.denominator = [1, 1]
    elif self.order == 2:
      self.tf.denominator = [1, math.sqrt(2), 1]
    elif self.order == 3:
      self.tf.denominator = [1, 2, 2, 1]
    elif self.order == 4:
      self.tf.denominator = [1, 2.6131, 3.4142, 2.6131, 1]

  #- validate ----------------------------------------------------------------
  def validateSelf (self, validator):
    validator.checkGe ("order", 1)
    validator.checkLe ("order", 4)


## The Model ################################################################
def butterworthFilter (name=None):

  m = Model ()
  Units (mass="KILOGRAM",length="MILLIMETER", time="SECOND", force="NEWTON")
  Accgrav (jgrav=-9800)
  Integrator (error=1e-7)
  ground = Part (ground=True)

  # Mass
  block = Part (mass=1.4702,ip=[44144.717,44144.717,73.5132,0,0,0])
  block.cm = Marker (part=block, qp=[0,10,0], zp=[0,11,0])

  # Translational joint
  jjm = Marker (part=ground, qp=[0,0,0], zp=[0,1,0])
  jnt = Joint (type="TRANSLATIONAL", i=block.cm, j=jjm)

  # Nonlinear Spring-damper
  fexp = "-10*(DY({i},{j})-10)**3  -1e-3*VR({i},{j})".format(i=block.cm.id, j=jjm.id)
  nlspdp = Sforce (type="TRANSLATION", i=block.cm, j=jjm, function=fexp)

  # Impulse force
  iforce = "STEP(TIME, 1, 0, 1.04, 10) *STEP(TIME, 1.05, 10, 1.1, 0)"
  sfim = Marker (part=block, qp=[0,10,0], zp=[0,11,0])
  impulse = Sforce (type="TRANSLATION", actiononly=True, i=sfim, j=jjm, function=iforce)

  # Filter
  inputSignal = "VY({i}, {j})".format(i=block.cm.id, j=jjm.id)
  m.filt = ButterworthFilter (inputSignal=inputSignal, order=1)

  # Requests
  m.r1 = Request (type="DISPLACEMENT", i=block.cm, j=jjm)
  m.r2 = Request (type="VELOCITY", i=block.cm, j=jjm)
  m.r3 = Request (type="ACCELERATION", i=block.cm, j=jjm)
  m.r4 = Request (type="FORCE", i=block.cm, j=jjm)
  m.r5 = Request (f2=m.filt.inputSignal, f3=m.filt.outputSignal)
  m.r6 = Request (type="FORCE", i=sfim, j=jjm)
  return m

## Entry Point ################################################################
if __name__ == "__main__":
  m = butterworthFilter ("butterworth-1")
  m.simulate (type="DYNAMICS", end=5, dtout=0.005)
  m = butterworthFilter ("butterworth-2")
  m.filt.order = 2
  m.simulate (type="DYNAMICS", end=5, dtout=.005)
# ---- seed ---------------------------------------------------------------------------


def _summary_and_plot():
    """Added for msolve: the input and output of the filter of orders 1 to 4."""
    import os

    end = float(os.environ.get("MSOLVE_EXAMPLE_END", "5"))
    curves = {}
    for order in (1, 2, 3, 4):
        model = butterworthFilter(f"butterworth-{order}")
        model.filt.order = order
        run = model.simulate(type="DYNAMICS", end=end, dtout=0.005, returnResults=True)
        signals = run.getObject(model.r5)
        curves[order] = (signals.times, signals.getComponent("F2"), signals.getComponent("F3"))
        t, u, out = curves[order]
        peak = max(range(len(out)), key=lambda k: abs(out[k]))
        print(f"order {order}: input peak {max(abs(v) for v in u):9.3f} mm/s, "
              f"output peak {out[peak]:9.3f} mm/s at t = {t[peak]:.3f} s, "
              f"{run.stats['steps']} steps")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 6))
    t, u, _ = curves[1]
    top.plot(t, u, color="black", linewidth=0.8)
    top.set_ylabel("input VY [mm/s]")
    for order, (t, _, out) in curves.items():
        bottom.plot(t, out, label=f"order {order}")
    bottom.set_xlabel("time [s]")
    bottom.set_ylabel("filter output [mm/s]")
    bottom.legend()
    fig.suptitle("ButterworthFilter (cut-off 1 rad/s) on the block velocity")
    fig.tight_layout()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "butterworth.png")
    fig.savefig(path, dpi=100)
    print(f"plot written: {path}")


if __name__ == "__main__":
    _summary_and_plot()
