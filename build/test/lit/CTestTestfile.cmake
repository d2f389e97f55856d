# CMake generated Testfile for 
# Source directory: /work/main/test/lit
# Build directory: /work/main/build/test/lit
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[lit]=] "python3" "/usr/lib/llvm-19/build/utils/lit/lit.py" "-sv" "--timeout=600" "/work/main/build/test/lit")
set_tests_properties([=[lit]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/test/lit/CMakeLists.txt;4;add_test;/work/main/test/lit/CMakeLists.txt;0;")
