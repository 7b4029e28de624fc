# LuGre friction: the Composite example of MotionSolve's msolve documentation
# (docs/motionsolve-compatibility.md §8), with its indentation restored, on the test model of the
# documentation (docs/motionsolve-compatibility.md §8.2): a 1 kg block on a TRANSLATIONAL joint,
# pressed on it by gravity and driven by 3*sin(2*pi*time). The code between the two "seed" rulers is
# the seed's; the model and what follows the second ruler are added for msolve.
#
# Fixes to the seed text, each the smallest that real Python needs:
# 1. The class docstring lost its quotes, the createChildren and updateChildren docstrings
#    their closing quotes; they are restored around their paragraphs.
# 2. `self.friction = Sforce (type="TRANSLATION", actiononly=True,` is cut short; it is
#    completed with `routine=self.lugre_force)`, the friction routine of the class.
# 3. In validateSelf the message built for mud > mus is not reported (the line after it is
#    lost); `validator.sendError (msg)` reports it.
# 4. lugre_force ends before its return; `return -F` (the friction opposes the sliding,
#    F = -(k0 z + k1 zdot + k2 v) in the documentation) completes it.
#
# Run:  python examples/lugre_friction.py   (prints a summary, writes lugre_friction.png)

# ---- seed ---------------------------------------------------------------------------
from msolve import *
## LuGre Friction Element######################################################
class LuGre (Composite):
  """
  Create a friction force on a translational joint using the LuGre friction model.
  The LuGre friction force consists of 4 atomic elements:
  1. A DIFF defining the bristle deflection
  2. A MARKER defining the point of action of the friction force
  3. A FORCE defining the friction element
  4. A REQUEST capturing the friction force on the block
  """
  joint = Reference (Joint)
  vs = Double (1.E-3)
  mus = Double (0.3)
  mud = Double (0.2)
  k0 = Double (1e5)
  k1 = Double (math.sqrt(1e5))
  k2 = Double (0.4)

  #- topology----------------------------------------------------------------
  def createChildren (self):
    """This is called when the object is created so the children objects"""
    # The DIFF defining bristle deflection
    self.diff = Diff (routine=self.lugre_diff, ic=[0,0])
    # The MARKER on which the friction force acts
    self.im = Marker ()
    # The FORCE defining the friction force
    self.friction = Sforce (type="TRANSLATION", actiononly=True,
                            routine=self.lugre_force)
    # The REQUEST capturing the friction force
    self.request = Request (type="FORCE", comment="Friction force")

  #- Update Children -----------------------------------------------------------
  def updateChildren (self):
    """This is called when the property value changes to propagate the change
    to the child objects
    """
    self.friction.i = self.joint.i
    self.friction.j = self.joint.j
    self.im.setValues (body=self.joint.i.body, qp=self.joint.i.qp, zp=self.joint.i.zp)
    self.request.setValues (i=self.im, j=self.joint.j, rm=self.joint.j)

  #- validate ----------------------------------------------------------------
  def validateSelf (self, validator):
    validator.checkGe0 ("VS")
    validator.checkGe0 ("MUS")
    validator.checkGe0 ("MUD")
    validator.checkGe0 ("K0")
    validator.checkGe0 ("K1")
    validator.checkGe0 ("K2")
    if self.mud > self.mus:
      msg = tr("Mu dynamic({0}) must be <= Mu static ({1})",
               self.mud, self.mus)
      validator.sendError (msg)

  #- Lugre Diff ------------------------------------------------------------
  def lugre_diff (self, id, time, par, npar, dflag, iflag):
    "Diff user function"
    i = self.joint.i
    j = self.joint.j
    vs = self.vs
    mus = self.mus
    mud = self.mud
    k0 = self.k0
    z = DIF(self)
    v = VZ(i,j,j,j)
    N = math.sqrt (FX(i,j,j)**2 + FY(i,j,j)**2)
    fs = mus*N
    fc = mud*N
    p = -(v/vs)**2
    g = (fc + (fs - fc) * math .exp(p))/k0
    if iflag or math.fabs(g) <1e-8:
      return v
    return v - math.fabs(v) * z / g

  #- friction_force -----------------------------------------------------------
  def lugre_force (self, id, time, par, npar, dflag, iflag):
    "Friction Force user function"
    i = self.joint.i
    j = self.joint.j
    diff = self.diff
    k0 = self.k0
    k1 = self.k1
    k2 = self.k2
    v = VZ (i,j,j,j)
    z = DIF (diff)
    zdot = DIF1 (diff)
    F = k0*z + k1*zdot + k2*v
    return -F
# ---- seed ---------------------------------------------------------------------------


def sliding_block():
    """The test model of the documentation (docs/motionsolve-compatibility.md §8.2)."""
    model = Model()
    Units(mass="KILOGRAM", length="METER", time="SECOND", force="NEWTON")
    Accgrav(jgrav=-9.800)
    Integrator(error=1e-5)
    Output(reqsave=True)
    qp, xp, zp = Point(10, 0, 0), Point(10, 1, 0), Point(11, 0, 0)
    ground = Part(ground=True)
    ground.jm = Marker(part=ground, qp=qp, zp=zp, xp=xp, label="Joint Marker")
    block = Part(mass=1, ip=[1e3, 1e3, 1e3], label="Block")
    block.cm = Marker(part=block, qp=qp, zp=zp, xp=xp, label="Block CM")
    joint = Joint(type="TRANSLATIONAL", i=block.cm, j=ground.jm)
    model.lugre = LuGre(joint=joint)
    Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=ground.jm,
           function="3*sin(2*pi*time)", label="Actuation Force")
    model.r1 = Request(type="DISPLACEMENT", i=block.cm, j=ground.jm, rm=ground.jm)
    model.r2 = Request(type="VELOCITY", i=block.cm, j=ground.jm, rm=ground.jm)
    model.r3 = Request(type="FORCE", i=block.cm, j=ground.jm, rm=ground.jm)
    # the friction force on the block along the joint axis: the output of the friction Sforce
    model.r4 = Request(f4=f"SFORCE({model.lugre.friction.id}, 0, 4, {ground.jm.id})",
                       comment="friction along the joint axis")
    return model


def main():
    import os

    end = float(os.environ.get("MSOLVE_EXAMPLE_END", "4"))
    model = sliding_block()
    run = model.simulate(type="DYNAMICS", end=end, dtout=0.001, returnResults=True)
    t = run.getObject(model.r1).times
    x = run.getObject(model.r1).getComponent("Z")  # along the joint axis (z of the J marker)
    v = run.getObject(model.r2).getComponent("VZ")
    friction = run.getObject(model.r4).getComponent("F4")
    drive = [3 * math.sin(2 * math.pi * tk) for tk in t]
    print(f"{'time [s]':>9} {'drive [N]':>10} {'friction [N]':>13} {'speed [m/s]':>12} "
          f"{'travel [mm]':>12}")
    for k in range(0, len(t), max(1, len(t) // 16)):
        print(f"{t[k]:9.3f} {drive[k]:10.4f} {friction[k]:13.4f} {v[k]:12.5f} "
              f"{1e3 * x[k]:12.4f}")
    print(f"largest friction {max(abs(f) for f in friction):.4f} N "
          f"(mus*N = {model.lugre.mus * 9.8:.4f} N), {run.stats['steps']} steps")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 6))
    top.plot(t, drive, label="drive")
    top.plot(t, friction, label="friction")
    top.set_ylabel("force [N]")
    top.legend()
    bottom.plot(t, [1e3 * vk for vk in v])
    bottom.set_ylabel("speed [mm/s]")
    bottom.set_xlabel("time [s]")
    fig.suptitle("LuGre friction: stick-slip of a driven block")
    fig.tight_layout()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lugre_friction.png")
    fig.savefig(path, dpi=100)
    print(f"plot written: {path}")


if __name__ == "__main__":
    main()
