/* User subroutines with MotionSolve's documented C interface, compiled by
   tests_py/test_compiled_routines.py into a shared library that msolve loads with dlopen.
   The utility functions (c_sysfnc, c_sysary, c_errmes) come from msolve at load time. */

void c_sysfnc(const char *fncnam, const int *ipar, int nsize, double *state, int *errflg);
void c_sysary(const char *fncnam, const int *ipar, int nsize, double *states, int *nstates,
              int *errflg);
void c_errmes(int errflg, const char *mesage, int id, const char *endflg);
void c_analys(const char *analysis, const char *name, const double *tbegin, const double *tend,
              const int *init, int *istat);
void c_datout(int *istat);

/* spring and damper between markers par[2] and par[3]: -k (DM - 1) - c VR, k = par[0],
   c = par[1] */
void SPRING(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
            double *result) {
  int ipar[2] = {(int)par[2], (int)par[3]};
  double dm, vr;
  int errflg;
  (void)time, (void)npar, (void)dflag, (void)iflag;
  c_sysfnc("DM", ipar, 2, &dm, &errflg);
  c_errmes(errflg, "Error calling SYSFNC for DM", *id, "STOP");
  c_sysfnc("VR", ipar, 2, &vr, &errflg);
  c_errmes(errflg, "Error calling SYSFNC for VR", *id, "STOP");
  *result = -par[0] * (dm - 1.0) - par[1] * vr;
}

/* VARSUB: TIME read through SYSFNC, times par[0] */
void VARSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
            double *result) {
  double t;
  int errflg, none = 0;
  (void)time, (void)npar, (void)dflag, (void)iflag;
  c_sysfnc("TIME", &none, 0, &t, &errflg);
  c_errmes(errflg, "no TIME", *id, "STOP");
  *result = par[0] * t;
}

/* DIFSUB: y' = time */
void DIFSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
            double *result) {
  (void)id, (void)par, (void)npar, (void)dflag, (void)iflag;
  *result = *time;
}

/* MOTSUB: a t^2 and its derivatives, a = par[0] */
void MOTSUB(int *id, double *time, double *par, int *npar, int *iord, int *iflag,
            double *value) {
  (void)id, (void)npar, (void)iflag;
  if (*iord == 0) *value = par[0] * *time * *time;
  else if (*iord == 1) *value = 2.0 * par[0] * *time;
  else *value = 2.0 * par[0];
}

/* REQSUB: TDISP of marker par[0] from SYSARY, the time, id, npar */
void REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *results) {
  int ipar[1] = {(int)par[0]};
  double disp[3];
  int n = 0, errflg;
  (void)iflag;
  c_sysary("TDISP", ipar, 1, disp, &n, &errflg);
  c_errmes(errflg, "Error calling SYSARY for TDISP", *id, "STOP");
  results[0] = disp[0];
  results[1] = disp[1];
  results[2] = disp[2];
  results[3] = *time;
  results[4] = (double)n;
  results[5] = (double)*npar;
  results[6] = 0.0;
  results[7] = (double)*id;
}

/* GSESUB: x' = -k x, y = x^2, k = par[0] */
void GSESUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
            int *nstate, double *states, int *ninput, double *input, int *noutpt,
            double *stated, double *output) {
  (void)id, (void)time, (void)npar, (void)dflag, (void)iflag, (void)ninput, (void)input;
  for (int k = 0; k < *nstate; ++k) stated[k] = -par[0] * states[k];
  for (int k = 0; k < *noutpt; ++k) output[k] = states[0] * states[0];
}

/* reads a marker that does not exist, and stops with the message */
void BADREAD(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
             double *result) {
  int ipar[1] = {987654};
  int errflg;
  (void)time, (void)par, (void)npar, (void)dflag, (void)iflag;
  c_sysfnc("DX", ipar, 1, result, &errflg);
  c_errmes(errflg, "Error calling SYSFNC for DX", *id, "STOP");
}

/* writes nothing */
void SILENT(int *id, double *time, double *par, int *npar, int *dflag, int *iflag,
            double *result) {
  (void)id, (void)time, (void)par, (void)npar, (void)dflag, (void)iflag, (void)result;
}

/* FIESUB: a linear field with diagonal stiffness par[0..5] and damping par[6..11], and one
   coupling par[12]: FIELD(1) also gets -par[12] * DISP(2). DFDDIS and DFDVEL are 6x6
   Fortran arrays: DFDDIS(i,j) = d FIELD(i) / d DISP(j) at dfddis[(j-1)*6 + (i-1)]. */
void FIESUB(int *id, double *time, double *par, int *npar, double *disp, double *velo,
            int *dflag, int *iflag, double *field, double *dfddis, double *dfdvel) {
  (void)id, (void)time, (void)npar, (void)dflag, (void)iflag;
  for (int k = 0; k < 36; ++k) dfddis[k] = dfdvel[k] = 0.0;
  for (int k = 0; k < 6; ++k) {
    field[k] = -par[k] * disp[k] - par[6 + k] * velo[k];
    dfddis[k * 6 + k] = -par[k];
    dfdvel[k * 6 + k] = -par[6 + k];
  }
  field[0] -= par[12] * disp[1];
  dfddis[1 * 6 + 0] = -par[12];
}

/* REQSUB: one SYSARY array of the ids par[1], ... (par[0]: 1 TFORCE, 2 RFORCE, 3 RDISP):
   the three values, nstates and errflg */
void ARRAYREQ(int *id, double *time, double *par, int *npar, int *iflag, double *results) {
  static const char *names[] = {"TFORCE", "RFORCE", "RDISP"};
  int ipar[3] = {0, 0, 0};
  int nsize = *npar - 1 < 3 ? *npar - 1 : 3;
  double values[3] = {0.0, 0.0, 0.0};
  int n = 0, errflg = 0;
  (void)id, (void)time, (void)iflag;
  for (int k = 0; k < nsize; ++k) ipar[k] = (int)par[k + 1];
  c_sysary(names[(int)par[0] - 1], ipar, nsize, values, &n, &errflg);
  for (int k = 0; k < 3; ++k) results[k] = values[k];
  results[3] = (double)n;
  results[4] = (double)errflg;
  results[5] = results[6] = results[7] = 0.0;
}

/* CONSUB: DATOUT, then a transient analysis to par[0] and another to par[1], through
   ANALYS */
void CONSUB(double *par, int *npar) {
  double t0 = 0.0, t1 = par[0], t2 = par[1];
  int init = 1, istat = 0;
  if (*npar < 2) {
    c_errmes(1, "CONSUB needs two end times", 0, "STOP");
    return;
  }
  c_datout(&istat);
  c_errmes(istat, "DATOUT failed", 0, "STOP");
  c_analys("TRANSIENT", "first", &t0, &t1, &init, &istat);
  c_errmes(istat, "ANALYS failed", 0, "STOP");
  c_analys("TRANSIENT", "second", &t1, &t2, &init, &istat);
  c_errmes(istat, "ANALYS failed", 0, "STOP");
}
