// The dossier command line: every subcommand and option, parsed by CLI11. This is the one file
// that includes CLI11 (it costs much of a build); the commands themselves are plain functions of
// their options (commands.hpp).

#include "cli/command_line.hpp"

#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "db/connection.hpp"

namespace dossier::cli {

namespace {

void addLocationOptions(CLI::App& command, Locations& locations) {
  command.add_option("--data", locations.data, "Folder of the environments' data (databases)")
      ->capture_default_str();
  command
      .add_option("--environments", locations.environments,
                  "Folder holding one configuration folder per environment")
      ->capture_default_str();
}

void addServe(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<ServeOptions>();
  auto* command = program.add_subcommand("serve", "Serve the API and the web app over HTTP");
  addLocationOptions(*command, options->locations);
  command->add_option("--port", options->port, "TCP port; 0 picks a free one")
      ->capture_default_str();
  command->add_option("--address", options->address, "IP address to listen on")
      ->capture_default_str();
  command->add_option("--web-root", options->webRoot, "Folder of the built web app")
      ->capture_default_str();
  command
      ->add_option("--default-environment", options->defaultEnvironment,
                   "Environment that / redirects to")
      ->capture_default_str();
  command->add_option("--threads", options->threads, "I/O threads; 0 means one per core")
      ->capture_default_str();
  command
      ->add_option("--max-connections", options->maxConnections,
                   "Open connections at most; 0 means as many as the file limit allows")
      ->capture_default_str();
  command
      ->add_option("--max-connections-per-address", options->maxConnectionsPerAddress,
                   "Open connections from one client address at most")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000}))
      ->capture_default_str();
  command
      ->add_option("--trusted-proxies", options->trustedProxies,
                   "Load balancers or proxies in front of the server, as IP ranges or addresses, "
                   "comma-separated: a request through one is from the client its "
                   "X-Forwarded-For names, and their connections count only against "
                   "--max-connections")
      ->delimiter(',');
  command->add_option("--log-level", options->logLevel, "trace, debug, info, warn or error")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error"}))
      ->capture_default_str();
  command
      ->add_option("--log-format", options->logFormat,
                   "text: a line of text per event, for people; json: a JSON object per line "
                   "(time, level, process, message, correlationId, user), for a log shipper")
      ->check(CLI::Validator(
          [](const std::string& value) -> std::string {
            return value == "text" || value == "json"
                       ? ""
                       : "'" + value + "' is not a log format: use text (the default) or json";
          },
          "text|json", "log format"))
      ->capture_default_str();
  command->add_option("--process-name", options->processName,
                      "How JSON log lines name this process; by default host:pid");
  command
      ->add_option("--metrics-allow", options->metricsAllow,
                   "Addresses that may read /metrics without a token: IP ranges (10.0.0.0/8, "
                   "2001:db8::/32) or addresses, comma-separated; none for no address")
      ->delimiter(',')
      ->capture_default_str();
  command->add_option("--metrics-token-file", options->metricsTokenFile,
                      "File whose first line is a token that may read /metrics from any address, "
                      "sent as Authorization: Bearer <token>");
  command->callback([options, &chosen] { chosen = *options; });
}

void addUser(CLI::App& program, std::optional<Command>& chosen) {
  auto* command = program.add_subcommand("user", "Manage the users of an environment");
  command->require_subcommand(1);

  const auto subcommand = [&](const char* name, const char* description, bool needsName) {
    auto options = std::make_shared<UserOptions>();
    auto* sub = command->add_subcommand(name, description);
    addLocationOptions(*sub, options->locations);
    sub->add_option("--env", options->environment, "Environment")->capture_default_str();
    if (needsName) {
      sub->add_option("username", options->username, "Username")->required();
    }
    return std::pair{sub, options};
  };

  {
    auto [sub, options] =
        subcommand("add", "Add a user; the password is read from standard input", true);
    sub->add_option("--display-name", options->displayName, "Name shown in the app");
    sub->add_flag("--must-change-password", options->mustChangePassword,
                  "Ask for a new password at the first sign-in");
    sub->add_option("--person", options->person,
                    "Id of the person record that is the user's own (Profile opens it)");
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::Add, *options}; });
  }
  {
    auto [sub, options] = subcommand(
        "passwd", "Set a user's password from standard input and end their sessions", true);
    sub->add_flag("--must-change-password", options->mustChangePassword,
                  "Ask for a new password at the next sign-in");
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::Passwd, *options}; });
  }
  {
    auto [sub, options] = subcommand("disable", "Stop a user from signing in", true);
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::Disable, *options}; });
  }
  {
    auto [sub, options] =
        subcommand("enable", "Let a disabled user sign in again and lift any lock", true);
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::Enable, *options}; });
  }
  {
    auto [sub, options] = subcommand(
        "link", "Link a user to the person record that is their own (Profile opens it)", true);
    sub->add_option("--person", options->person, "The person's id, or none to remove the link")
        ->required();
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::Link, *options}; });
  }
  {
    auto [sub, options] = subcommand(
        "reset-2fa",
        "Remove a user's two-step verification (a lost phone): they set it up again where it "
        "is required; their sessions end",
        true);
    sub->callback([options, &chosen] {
      chosen = UserCommand{UserAction::ResetTwoFactor, *options};
    });
  }
  {
    auto [sub, options] = subcommand(
        "end-sessions",
        "End a user's sessions on every server process (a lost or shared computer), changing "
        "nothing else",
        true);
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::EndSessions, *options}; });
  }
  {
    auto [sub, options] =
        subcommand("end-every-session",
                   "End every session of every user of the environment on every server process (a "
                   "suspected break-in): everyone signs in again",
                   false);
    sub->callback([options, &chosen] {
      chosen = UserCommand{UserAction::EndEverySession, *options};
    });
  }
  {
    auto [sub, options] = subcommand(
        "forget-directory-accounts",
        "Forget which cloud-directory account a user signs in with (the account was replaced at "
        "the directory): the next sign-in there links the account it comes with",
        true);
    sub->callback([options, &chosen] {
      chosen = UserCommand{UserAction::ForgetDirectoryAccounts, *options};
    });
  }
  {
    auto [sub, options] = subcommand("list", "List the users", false);
    sub->callback([options, &chosen] { chosen = UserCommand{UserAction::List, *options}; });
  }
}

void addMigrate(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<EnvironmentOptions>();
  auto* command = program.add_subcommand(
      "migrate", "Bring the database of every environment (or one) up to the current schema");
  addLocationOptions(*command, options->locations);
  command->add_option("--env", options->environment, "Only this environment");
  command->callback([options, &chosen] { chosen = MigrateCommand{*options}; });
}

void addReindex(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<EnvironmentOptions>();
  auto* command = program.add_subcommand(
      "reindex", "Rebuild the search index of an environment from its database");
  addLocationOptions(*command, options->locations);
  command->add_option("--env", options->environment, "The environment")->required();
  command->callback([options, &chosen] { chosen = ReindexCommand{*options}; });
}

void addSeed(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<SeedOptions>();
  auto* command = program.add_subcommand("seed",
                                         "Add generated, realistic persons, cases and documents to "
                                         "an environment (demos, benchmarks)");
  addLocationOptions(*command, options->locations);
  command->add_option("--env", options->environment, "The environment")->required();
  command->add_option("--persons", options->persons, "How many persons to add")
      ->check(CLI::Range(0LL, 100000000LL))
      ->capture_default_str();
  command->add_option("--cases", options->cases, "How many cases to add")
      ->check(CLI::Range(0LL, 100000000LL))
      ->capture_default_str();
  command
      ->add_option("--documents", options->documents,
                   "How many documents to attach to cases (PDFs, Word documents, text, scans)")
      ->check(CLI::Range(0LL, 100000000LL))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "The same seed makes the same records")
      ->capture_default_str();
  command->callback([options, &chosen] { chosen = *options; });
}

void addMigrateData(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<MigrateDataOptions>();
  auto* command = program.add_subcommand(
      "migrate-data",
      "Copy an environment from its SQLite database and blobs into an empty PostgreSQL database");
  command
      ->add_option("--from", options->from,
                   "Folder of the environments' data (the server's --data) holding the SQLite "
                   "database")
      ->required();
  command->add_option("--env", options->environment, "The environment")->required();
  command
      ->add_option("--to", options->to,
                   "URL of the PostgreSQL database, as database.url: postgresql://user@host/name")
      ->required();
  command
      ->add_option("--environments", options->environments,
                   "Folder holding one configuration folder per environment")
      ->capture_default_str();
  command->callback([options, &chosen] { chosen = *options; });
}

void addBackup(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<BackupOptions>();
  auto* command = program.add_subcommand(
      "backup",
      "Write a backup of an environment (its database as of one moment, its documents' content "
      "and its configuration) into one file while the server runs, and verify it");
  addLocationOptions(*command, options->locations);
  command->add_option("--env", options->environment, "The environment")->required();
  command
      ->add_option("--to", options->to,
                   "The backup file to make: .tar, .tar.gz or .tar.zst at its end chooses the "
                   "compression")
      ->required();
  command->callback([options, &chosen] { chosen = *options; });
}

void addRestore(CLI::App& program, std::optional<Command>& chosen) {
  auto options = std::make_shared<RestoreOptions>();
  auto* command = program.add_subcommand(
      "restore",
      "Restore an environment from a backup file into a fresh configuration folder, data folder "
      "and database, and build its search index; or, with --verify-only, check the file");
  addLocationOptions(*command, options->locations);
  command->add_option("--from", options->from, "The backup file")->required();
  command->add_option("--env", options->environment,
                      "The name to restore it as (default: the name it had)");
  auto* url = command->add_option(
      "--database-url", options->databaseUrl,
      "An empty PostgreSQL database to restore into, as database.url: postgresql://user@host/name "
      "(default: the one the restored configuration names, else the SQLite file in --data)");
  command
      ->add_flag("--sqlite", options->sqlite,
                 "Restore into the SQLite file in --data, whatever the configuration names")
      ->excludes(url);
  command->add_flag("--verify-only", options->verifyOnly,
                    "Only check the file: every member against its checksum, the database copy, "
                    "every blob its documents name; restore nothing");
  command->callback([options, &chosen] { chosen = *options; });
}

void addVersion(CLI::App& program, std::optional<Command>& chosen) {
  auto* command = program.add_subcommand("version", "Print the version of dossier");
  command->callback([&chosen] { chosen = VersionCommand{}; });
}

// Calls the function of the alternative a variant holds.
template <class... Each>
struct Overloaded : Each... {
  using Each::operator()...;
};

}  // namespace

ParsedCommandLine parseCommandLine(int argc, const char* const* argv) {
  CLI::App program{"Dossier: case management for staff who work with cases, people and documents",
                   "dossier"};
  program.require_subcommand(1);
  std::optional<Command> chosen;
  addServe(program, chosen);
  addUser(program, chosen);
  addMigrate(program, chosen);
  addReindex(program, chosen);
  addSeed(program, chosen);
  addMigrateData(program, chosen);
  addBackup(program, chosen);
  addRestore(program, chosen);
  addVersion(program, chosen);
  ParsedCommandLine parsed;
  try {
    program.parse(argc, argv);
    parsed.command = std::move(chosen);
  } catch (const CLI::ParseError& error) {
    std::ostringstream output;
    std::ostringstream errors;
    parsed.exitCode = program.exit(error, output, errors);
    parsed.output = output.str();
    parsed.errors = errors.str();
  }
  return parsed;
}

int runCommand(const Command& command) {
  return std::visit(Overloaded{
                        [](const ServeOptions& options) { return runServe(options); },
                        [](const UserCommand& user) {
                          switch (user.action) {
                            case UserAction::Add:
                              return runUserAdd(user.options);
                            case UserAction::Passwd:
                              return runUserPasswd(user.options);
                            case UserAction::Disable:
                              return runUserDisable(user.options, true);
                            case UserAction::Enable:
                              return runUserDisable(user.options, false);
                            case UserAction::Link:
                              return runUserLink(user.options);
                            case UserAction::List:
                              return runUserList(user.options);
                            case UserAction::ResetTwoFactor:
                              return runUserResetTwoFactor(user.options);
                            case UserAction::EndSessions:
                              return runUserEndSessions(user.options);
                            case UserAction::EndEverySession:
                              return runUserEndEverySession(user.options);
                            case UserAction::ForgetDirectoryAccounts:
                              return runUserForgetDirectoryAccounts(user.options);
                          }
                          return 1;
                        },
                        [](const MigrateCommand& migrate) { return runMigrate(migrate.options); },
                        [](const ReindexCommand& reindex) { return runReindex(reindex.options); },
                        [](const SeedOptions& options) { return runSeed(options); },
                        [](const MigrateDataOptions& options) { return runMigrateData(options); },
                        [](const BackupOptions& options) { return runBackup(options); },
                        [](const RestoreOptions& options) { return runRestore(options); },
                        [](const VersionCommand&) { return runVersion(); },
                    },
                    command);
}

int runCommandLine(int argc, char** argv) {
  const auto parsed = parseCommandLine(argc, argv);
  std::cout << parsed.output << std::flush;
  std::cerr << parsed.errors << std::flush;
  if (!parsed.command) {
    return parsed.exitCode;
  }
  try {
    return runCommand(*parsed.command);
  } catch (const db::DatabaseError& error) {
    if (!error.busy()) {
      spdlog::error("dossier stopped: {}", error.what());
      return 1;
    }
    // Another process (a seed, a reindex, a second server) holds the write lock: say so, and let a
    // script tell this from a failure (a database is data/<environment>/dossier.db).
    const auto& file = error.file();
    const auto environment = file.parent_path().filename().string();
    spdlog::error(
        "{}the database{} is busy — another dossier command (seed, reindex, migrate?) is using "
        "it; wait for it to finish and start again.",
        environment.empty() ? "" : "environment " + environment + ": ",
        file.empty() ? "" : " " + file.string());
    return kExitDatabaseBusy;
  } catch (const std::exception& error) {
    spdlog::error("dossier stopped: {}", error.what());
    return 1;
  }
}

}  // namespace dossier::cli
