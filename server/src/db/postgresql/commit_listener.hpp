#pragma once

#include <memory>
#include <string>
#include <vector>

#include "db/commit_signal.hpp"
#include "db/postgresql/postgresql_connection.hpp"

namespace dossier::db::postgresql {

// The channel every write transaction notifies as it begins (PostgresqlConnection::beginWrite):
// PostgreSQL delivers the notification when, and only if, the transaction commits.
inline constexpr const char* kCommitChannel = "dossier_commits";

// Listens on its own connection for the commits of every process; made anew when the link is
// lost. Several commits close together wake a waiter once.
// `channels`: the others listened to besides.
std::unique_ptr<CommitSignal> listenForCommits(const ConnectionSettings& settings,
                                               std::vector<std::string> channels = {});

}  // namespace dossier::db::postgresql
