! A Fortran CONSUB for tests_py/test_consub_modify.py, as consub_modify.c: par = (t1, t2, t3,
! F, g): an analysis to t1; MODIFY sets the function of Sforce 1 to F; an analysis to t2;
! MODSET sets the gravity along z to -g and MODIFY deactivates Sforce 1; an analysis to t3.
subroutine consub(par, npar)
  implicit none
  integer :: npar
  double precision :: par(*)
  integer :: istat
  character(len=80) :: text
  external :: analys, modify, modset, errmes
  call analys('TRANSIENT', 'first', 0d0, par(1), 1, istat)
  write (text, '(A, ES24.17)') 'SFORCE/1, FUNCTION=', par(4)
  call modify(text, istat)
  call errmes(istat /= 0, 'MODIFY of the Sforce refused', 1, 'STOP')
  call analys('TRANSIENT', 'second', par(1), par(2), 1, istat)
  write (text, '(ES24.17)') -par(5)
  call modset('Force_Gravity', 0, 'grav_z', text, istat)
  call errmes(istat /= 0, 'MODSET of the gravity refused', 0, 'STOP')
  call modify('DEACTIVATE/SFORCE, ID=1', istat)
  call errmes(istat /= 0, 'MODIFY DEACTIVATE refused', 1, 'STOP')
  call analys('TRANSIENT', 'third', par(2), par(3), 1, istat)
end subroutine consub
