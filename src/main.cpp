// catan-server: the entry point. The command line and the wiring are the app layer's (src/app/).
#include "catan/app/cli.hpp"

int main(int argc, char** argv) { return catan::app::run(argc, argv); }
