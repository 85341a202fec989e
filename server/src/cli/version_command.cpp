#include <iostream>

#include "cli/commands.hpp"
#include "core/build_info.hpp"

namespace dossier::cli {

int runVersion() {
  std::cout << "dossier " << fullVersion() << "\n";
  return 0;
}

}  // namespace dossier::cli
