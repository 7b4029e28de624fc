! A Fortran SFOSUB for tests_py/test_compiled_routines.py: the spring and damper of
! usersubs.c (k = par(1), c = par(2) between markers par(3) and par(4)), reading DM and VR
! through SYSFNC and checking them with ERRMES.
subroutine sfosub(id, time, par, npar, dflag, iflag, result)
  implicit none
  integer :: id, npar
  double precision :: time, par(*), result
  logical :: dflag, iflag
  integer :: ipar(2)
  logical :: errflg
  double precision :: dm, vr
  external :: sysfnc, errmes
  ipar(1) = int(par(3))
  ipar(2) = int(par(4))
  call sysfnc('DM', ipar, 2, dm, errflg)
  call errmes(errflg, 'Error calling SYSFNC for DM', id, 'STOP')
  call sysfnc('VR', ipar, 2, vr, errflg)
  call errmes(errflg, 'Error calling SYSFNC for VR', id, 'STOP')
  result = -par(1) * (dm - 1d0) - par(2) * vr
end subroutine sfosub
