/* A CONSUB that changes the model between its analyses with MODIFY and MODSET
   (tests_py/test_consub_modify.py builds it into a shared library). par = (t1, t2, t3, F, g):
   an analysis to t1; MODIFY sets the function of Sforce 1 to F; an analysis to t2; MODSET sets
   the gravity along z to -g and MODIFY deactivates Sforce 1; an analysis to t3. A refused
   MODIFY or MODSET stops the CONSUB with its status. */
#include <stdio.h>

void c_analys(const char *analysis, const char *name, const double *tbegin, const double *tend,
              const int *init, int *istat);
void c_modify(const char *command, int *status);
void c_modset(const char *element, int id, const char *attribute, const char *input, int *info);
void c_errmes(int errflg, const char *mesage, int id, const char *endflg);

void CONSUB(double *par, int *npar) {
  double t0 = 0.0;
  int init = 1, istat = 0;
  char text[128];
  if (*npar < 5) {
    c_errmes(1, "CONSUB needs t1, t2, t3, F and g", 0, "STOP");
    return;
  }
  c_analys("TRANSIENT", "first", &t0, &par[0], &init, &istat);
  snprintf(text, sizeof text, "SFORCE/1, FUNCTION=%.17g", par[3]);
  c_modify(text, &istat);
  c_errmes(istat, "MODIFY of the Sforce refused", 1, "STOP");
  c_analys("TRANSIENT", "second", &par[0], &par[1], &init, &istat);
  snprintf(text, sizeof text, "%.17g", -par[4]);
  c_modset("Force_Gravity", 0, "grav_z", text, &istat);
  c_errmes(istat, "MODSET of the gravity refused", 0, "STOP");
  c_modify("DEACTIVATE/SFORCE, ID=1", &istat);
  c_errmes(istat, "MODIFY DEACTIVATE refused", 1, "STOP");
  c_analys("TRANSIENT", "third", &par[1], &par[2], &init, &istat);
}

/* a CONSUB whose MODIFY is refused: the status stops it with the message */
void BADCONSUB(double *par, int *npar) {
  int istat = 0;
  c_modify("SFORCE/99, FUNCTION=1", &istat);
  c_errmes(istat, "MODIFY refused", 99, "STOP");
}
