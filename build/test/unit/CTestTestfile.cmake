# CMake generated Testfile for 
# Source directory: /work/main/test/unit
# Build directory: /work/main/build/test/unit
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build/test/unit/p3-graph-tests[1]_include.cmake")
