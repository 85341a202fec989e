#pragma once

#include <stdexcept>

namespace dossier::backup {

// Why a backup, a verification or a restore cannot start or go on, as a sentence a person can act
// on.
class BackupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dossier::backup
