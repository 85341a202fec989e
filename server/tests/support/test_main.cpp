#include <cstdlib>

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include "auth/passwords.hpp"
#include "core/crypto.hpp"

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  dossier::initialiseCrypto();
  // Real cost is for real sign-ins; tests only need the same algorithm.
  dossier::auth::setHashCost(dossier::auth::HashCost::Minimal);
  spdlog::set_level(spdlog::level::warn);
  // Macros run in the runner the build made, not one beside the test program.
  ::setenv("DOSSIER_MACRO", DOSSIER_MACRO_PROGRAM, 0);
  return RUN_ALL_TESTS();
}
