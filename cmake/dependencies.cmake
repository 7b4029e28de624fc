# The libraries msolve links, found or built here; a missing one stops the configuration
# with what to install (docs/architecture.md §7), not a raw CMake error.
#
#   Eigen 3       headers only; Debian's libeigen3-dev
#   LAPACK        dgeev of the linear analysis; Debian's liblapack-dev
#   KLU           SuiteSparse's sparse LU; Debian's libsuitesparse-dev (no MPI)
#   FCL           collision detection of the contact pairs without a closed form; Debian's
#                 libfcl-dev (with libccd), a shared library that auditwheel bundles
#   SUNDIALS 6    IDA, CVODE, KINSOL, the serial vector, dense and sparse matrices, the dense and
#                 KLU linear solvers; built here from its released source
#                 (tools/fetch_sundials.sh fetches it) and linked statically, or the
#                 system's (find_package) when that source is not there
#
# Sets MSOLVE_SUNDIALS_LIBRARIES (the targets msolve_core links) and MSOLVE_SUNDIALS_KIND
# ("source" or "system").

set(MSOLVE_SETUP_HINT
    "`sh tools/setup.sh` installs everything msolve needs on Debian (then `pip install .` works)")

# msolve_missing(what how...): the pieces of `how` are joined into one sentence
function(msolve_missing what)
  string(JOIN "" packages ${ARGN})
  message(FATAL_ERROR
    "msolve needs ${what}, which was not found.\n"
    "  ${MSOLVE_SETUP_HINT};\n"
    "  or install it yourself: ${packages}.")
endfunction()

find_package(Eigen3 3.3 QUIET NO_MODULE)
if(NOT Eigen3_FOUND)
  msolve_missing("Eigen 3 (C++ headers)"
    "Debian/Ubuntu: apt-get install libeigen3-dev, Fedora: dnf install eigen3-devel")
endif()

# FCL 0.6 or later: collision detection and penetration depth of the contact pairs without a
# closed form (mbs/contact_fcl.cc)
find_package(fcl 0.6 QUIET)
if(NOT fcl_FOUND)
  msolve_missing("FCL, the Flexible Collision Library (C++)"
    "Debian/Ubuntu: apt-get install libfcl-dev, Fedora: dnf install fcl-devel")
endif()

set(MSOLVE_SUNDIALS_TARBALL "${PROJECT_SOURCE_DIR}/build/deps/sundials_6.4.1+dfsg1.orig.tar.xz"
    CACHE FILEPATH "The SUNDIALS 6.4.1 release source msolve builds (tools/fetch_sundials.sh)")
# SHA-256 of Debian's sundials_6.4.1+dfsg1.orig.tar.xz (source package 6.4.1+dfsg1-3)
set(MSOLVE_SUNDIALS_SHA256 c61157f1d4be06c704bea40cb131eb63ba2dada161989071604d0a0959cdf04a)

if(EXISTS "${MSOLVE_SUNDIALS_TARBALL}")
  # KLU first: SUNDIALS' own FindKLU takes the library found here
  find_path(KLU_INCLUDE_DIR klu.h PATH_SUFFIXES suitesparse)
  find_library(KLU_LIBRARY klu)
  if(NOT KLU_INCLUDE_DIR OR NOT KLU_LIBRARY)
    msolve_missing("SuiteSparse's KLU (klu.h and libklu)"
      "Debian/Ubuntu: apt-get install libsuitesparse-dev, Fedora: dnf install suitesparse-devel")
  endif()
  get_filename_component(KLU_LIBRARY_DIR "${KLU_LIBRARY}" DIRECTORY)
  set(KLU_LIBRARY_DIR "${KLU_LIBRARY_DIR}" CACHE PATH "" FORCE)

  include(FetchContent)
  # SOURCE_SUBDIR without a CMakeLists.txt: unpack only; added below without install rules
  FetchContent_Declare(sundials
    URL "${MSOLVE_SUNDIALS_TARBALL}"
    URL_HASH SHA256=${MSOLVE_SUNDIALS_SHA256}
    DOWNLOAD_EXTRACT_TIMESTAMP TRUE
    SOURCE_SUBDIR msolve-unpack-only)
  FetchContent_MakeAvailable(sundials)

  # only the modules msolve links, static and position independent (linked into _core)
  set(BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
  set(BUILD_STATIC_LIBS ON CACHE BOOL "" FORCE)
  foreach(module ARKODE CVODES IDAS)
    set(BUILD_${module} OFF CACHE BOOL "" FORCE)
  endforeach()
  set(BUILD_IDA ON CACHE BOOL "" FORCE)
  # CVODE: the ODE form of MSTIFF, VSTIFF and ABAM (solver/cvode_driver.h)
  set(BUILD_CVODE ON CACHE BOOL "" FORCE)
  set(BUILD_KINSOL ON CACHE BOOL "" FORCE)
  set(ENABLE_KLU ON CACHE BOOL "" FORCE)
  set(SUNDIALS_INDEX_SIZE 64 CACHE STRING "" FORCE)
  set(EXAMPLES_ENABLE_C OFF CACHE BOOL "" FORCE)
  set(EXAMPLES_ENABLE_CXX OFF CACHE BOOL "" FORCE)
  set(EXAMPLES_INSTALL OFF CACHE BOOL "" FORCE)
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
  add_subdirectory("${sundials_SOURCE_DIR}" "${sundials_BINARY_DIR}" EXCLUDE_FROM_ALL)

  set(MSOLVE_SUNDIALS_KIND source)
  set(suffix _static)
else()
  find_package(SUNDIALS 6 QUIET)
  if(NOT SUNDIALS_FOUND)
    msolve_missing("SUNDIALS 6 (IDA, KINSOL, KLU)"
      "run `sh tools/fetch_sundials.sh` (SUNDIALS' source, built with msolve) and install "
      "Debian's libsuitesparse-dev, or set MSOLVE_SUNDIALS_TARBALL to the sundials-6.4.1 "
      "release tarball, or install a SUNDIALS 6 built with KLU (Debian: libsundials-dev)")
  endif()
  set(MSOLVE_SUNDIALS_KIND system)
  set(suffix _shared)
endif()

# after SUNDIALS' configuration, which takes a LAPACK found before it for its own
find_package(LAPACK QUIET)
if(NOT LAPACK_FOUND)
  msolve_missing("LAPACK"
    "Debian/Ubuntu: apt-get install liblapack-dev, Fedora: dnf install lapack-devel")
endif()

# SuiteSparseQR for the redundancy analysis (analysis/initial_conditions.h): linear in the
# length of a chain where Eigen's SparseQR is quadratic, but GPL-2.0+ (a wheel linking it is a
# GPL-combined work): off unless asked for
option(MSOLVE_WITH_SPQR "Redundancy analysis with SuiteSparseQR (GPL)" OFF)
set(MSOLVE_SPQR_LIBRARIES)
if(MSOLVE_WITH_SPQR)
  find_path(SPQR_INCLUDE_DIR SuiteSparseQR.hpp PATH_SUFFIXES suitesparse)
  find_library(SPQR_LIBRARY spqr)
  find_library(CHOLMOD_LIBRARY cholmod)
  find_library(SUITESPARSECONFIG_LIBRARY suitesparseconfig)
  if(NOT SPQR_INCLUDE_DIR OR NOT SPQR_LIBRARY OR NOT CHOLMOD_LIBRARY OR NOT SUITESPARSECONFIG_LIBRARY)
    msolve_missing("SuiteSparse's SPQR (SuiteSparseQR.hpp, libspqr, libcholmod)"
      "Debian/Ubuntu: apt-get install libsuitesparse-dev, Fedora: dnf install suitesparse-devel")
  endif()
  set(MSOLVE_SPQR_LIBRARIES ${SPQR_LIBRARY} ${CHOLMOD_LIBRARY} ${SUITESPARSECONFIG_LIBRARY})
endif()

set(MSOLVE_SUNDIALS_LIBRARIES)
foreach(lib ida cvode kinsol sunnonlinsolnewton sunnonlinsolfixedpoint nvecserial sunmatrixdense sunlinsoldense
            sunmatrixsparse sunlinsolklu)
  list(APPEND MSOLVE_SUNDIALS_LIBRARIES SUNDIALS::${lib}${suffix})
endforeach()
message(STATUS "msolve: SUNDIALS from ${MSOLVE_SUNDIALS_KIND}")
