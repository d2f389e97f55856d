add_test([=[PathDAG.Smoke]=]  /work/main/build/bin/p3-graph-tests [==[--gtest_filter=PathDAG.Smoke]==] --gtest_also_run_disabled_tests)
set_tests_properties([=[PathDAG.Smoke]=]  PROPERTIES WORKING_DIRECTORY /work/main/build/test/unit SKIP_REGULAR_EXPRESSION [==[\[  SKIPPED \]]==])
set(  p3-graph-tests_TESTS PathDAG.Smoke)
