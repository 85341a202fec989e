#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <type_traits>

#include "backup/backup_error.hpp"
#include "cli/stage_progress.hpp"
#include "datamove/move_error.hpp"
#include "db/database_error.hpp"

namespace dossier::cli {

// Runs the work of a long command (backup, restore) with its progress bars showing, and when it
// stops as it may — the archive or the copy refused, the database failing — ends the bar and says
// why on standard error, answering nothing. A busy database is left to the caller, which says it
// alike for every command.
template <class Work>
std::optional<std::invoke_result_t<Work&>> runLongStep(const std::string& command,
                                                       StageProgress& progress, Work work) {
  try {
    auto done = work();
    progress.finish();
    return done;
  } catch (const backup::BackupError& e) {
    progress.finish();
    std::cerr << e.what() << "\n";
  } catch (const datamove::MoveError& e) {
    progress.finish();
    std::cerr << e.what() << "\n";
  } catch (const db::DatabaseError& e) {
    progress.finish();
    if (e.busy()) {
      throw;
    }
    std::cerr << command << " stopped: " << e.what() << "\n";
  }
  return std::nullopt;
}

}  // namespace dossier::cli
