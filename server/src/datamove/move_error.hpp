#pragma once

#include <stdexcept>

namespace dossier::datamove {

// Why a move cannot start or go on, as a sentence a person can act on.
class MoveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dossier::datamove
