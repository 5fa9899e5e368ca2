# Stands in for node when CMake did not find it: fails the test with a clear message.
message(FATAL_ERROR "node was not found when CMake configured this build: install node >= 18 and npm "
                    "(Debian: apt-get install nodejs npm), run `npm ci --no-audit --no-fund` in the source "
                    "directory, and configure again.")
