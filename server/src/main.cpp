#include <cstdlib>
#include <string_view>

#include "cli/command_line.hpp"
#include "core/crypto.hpp"
#include "core/logging.hpp"

int main(int argc, char** argv) {
  dossier::initialiseCrypto();
  const char* level = std::getenv("DOSSIER_LOG_LEVEL");
  const bool serving = argc > 1 && std::string_view(argv[1]) == "serve";
  dossier::initialiseLogging(level != nullptr ? level : "info", serving);
  const int exitCode = dossier::cli::runCommandLine(argc, argv);
  dossier::shutdownLogging();
  return exitCode;
}
