#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "backup/restore_backup.hpp"
#include "backup/verify_backup.hpp"
#include "cli/commands.hpp"
#include "cli/long_step.hpp"
#include "cli/stage_progress.hpp"
#include "core/progress_bar.hpp"
#include "db/connection.hpp"

namespace dossier::cli {

namespace {

std::string describe(const backup::Manifest& manifest) {
  return "a backup of " + manifest.environment + " (" + manifest.sourceDatabase + ") made " +
         manifest.createdAt + " by dossier " + manifest.dossierVersion;
}

int verifyOnly(const RestoreOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  StageProgress progress;
  const auto verified = runLongStep("restore --verify-only", progress, [&] {
    return backup::verifyBackup(options.from, std::filesystem::temp_directory_path(),
                                std::ref(progress));
  });
  if (!verified) {
    return 1;
  }
  const auto& verification = *verified;
  const auto& manifest = verification.manifest;
  if (!verification.problems.empty()) {
    std::cerr << options.from << " is " << describe(manifest) << ", and it is not whole:\n";
    for (const auto& problem : verification.problems) {
      std::cerr << "  " << problem << "\n";
    }
    return 1;
  }
  std::cout << options.from << ": " << describe(manifest) << ", verified in "
            << secondsSince(started) << " s\n"
            << "  "
            << counted(static_cast<std::int64_t>(manifest.members.size()), "member", "members")
            << " of " << counted(static_cast<std::int64_t>(verification.bytes), "byte", "bytes")
            << " read back with their SHA-256; the database copy opens at schema version "
            << manifest.schemaVersion << " with the rows counted; every blob a document names is "
            << "in it\n";
  return 0;
}

}  // namespace

int runRestore(const RestoreOptions& options) {
  if (options.verifyOnly) {
    return verifyOnly(options);
  }
  const auto started = std::chrono::steady_clock::now();
  StageProgress progress;
  const auto restored = runLongStep("restore", progress, [&] {
    return backup::restoreBackup(options.from,
                                 {options.locations.environments, options.locations.data,
                                  options.environment, options.databaseUrl, options.sqlite},
                                 std::ref(progress));
  });
  if (!restored) {
    return 1;
  }
  const auto& report = *restored;
  std::cout << report.environment << ": restored from " << options.from << " in "
            << secondsSince(started) << " s, " << describe(report.manifest) << "\n";
  if (report.migratedFrom > 0) {
    std::cout << "  its database was brought from schema version " << report.migratedFrom
              << " to this dossier's\n";
  }
  std::cout << "  configuration: " << report.configurationFolder.string() << " ("
            << counted(report.configurationFiles, "file", "files") << ")\n"
            << "  database: " << (report.onPostgresql ? "" : "SQLite ") << report.database << " ("
            << counted(report.rows, "row", "rows")
            << "; sessions are not restored: everyone signs in again)\n"
            << "  documents' content: " << counted(report.blobs, "blob", "blobs") << " of "
            << counted(static_cast<std::int64_t>(report.blobBytes), "byte", "bytes") << "\n"
            << "  search index: " << (report.dataFolder / "index").string() << " holds "
            << counted(report.indexed, "record", "records") << "\n";
  if (!report.beforeServing.empty()) {
    std::cout << report.beforeServing << "\n";
  }
  std::cout << "Serve it with: dossier serve --data " << options.locations.data
            << " --environments " << options.locations.environments << "\n";
  return 0;
}

}  // namespace dossier::cli
