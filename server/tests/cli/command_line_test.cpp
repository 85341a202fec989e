#include "cli/command_line.hpp"

#include <initializer_list>
#include <vector>

#include <gtest/gtest.h>

namespace dossier::cli {
namespace {

// The command line as a person types it after `dossier`.
ParsedCommandLine parse(std::initializer_list<const char*> words) {
  std::vector<const char*> argv{"dossier"};
  argv.insert(argv.end(), words.begin(), words.end());
  return parseCommandLine(static_cast<int>(argv.size()), argv.data());
}

template <class Wanted>
const Wanted& commandOf(const ParsedCommandLine& parsed) {
  if (!parsed.command || !std::holds_alternative<Wanted>(*parsed.command)) {
    throw std::runtime_error("another command was parsed: " + parsed.errors);
  }
  return std::get<Wanted>(*parsed.command);
}

// serve
// ---------------------------------------------------------------------------------------------

TEST(CommandLine, ServeWithoutOptionsListensOnTheLoopbackAtPort8080) {
  const auto parsed = parse({"serve"});
  const auto& serve = commandOf<ServeOptions>(parsed);
  EXPECT_EQ(serve.address, "127.0.0.1");
  EXPECT_EQ(serve.port, 8080);
  EXPECT_EQ(serve.defaultEnvironment, "demo");
  EXPECT_EQ(serve.locations.data, "./data");
  EXPECT_EQ(serve.locations.environments, "./environments");
  EXPECT_EQ(serve.logLevel, "info");
  EXPECT_EQ(serve.maxConnectionsPerAddress, 256u);
}

TEST(CommandLine, ServeTakesEachOptionTyped) {
  const auto parsed = parse({"serve",
                             "--port",
                             "0",
                             "--address",
                             "0.0.0.0",
                             "--data",
                             "/srv/data",
                             "--environments",
                             "/etc/dossier",
                             "--web-root",
                             "/srv/web",
                             "--default-environment",
                             "acme",
                             "--threads",
                             "3",
                             "--log-level",
                             "debug",
                             "--max-connections",
                             "500",
                             "--max-connections-per-address",
                             "20"});
  const auto& serve = commandOf<ServeOptions>(parsed);
  EXPECT_EQ(serve.port, 0);
  EXPECT_EQ(serve.address, "0.0.0.0");
  EXPECT_EQ(serve.locations.data, "/srv/data");
  EXPECT_EQ(serve.locations.environments, "/etc/dossier");
  EXPECT_EQ(serve.webRoot, "/srv/web");
  EXPECT_EQ(serve.defaultEnvironment, "acme");
  EXPECT_EQ(serve.threads, 3u);
  EXPECT_EQ(serve.logLevel, "debug");
  EXPECT_EQ(serve.maxConnections, 500u);
  EXPECT_EQ(serve.maxConnectionsPerAddress, 20u);
}

TEST(CommandLine, AnUnknownLogLevelIsRefusedNamingTheOption) {
  const auto parsed = parse({"serve", "--log-level", "loud"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("--log-level"), std::string::npos) << parsed.errors;
}

TEST(CommandLine, NoConnectionsPerAddressIsRefused) {
  const auto parsed = parse({"serve", "--max-connections-per-address", "0"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("--max-connections-per-address"), std::string::npos)
      << parsed.errors;
}

// user
// ----------------------------------------------------------------------------------------------

TEST(CommandLine, UserAddTakesTheNameDisplayNameAndEnvironment) {
  const auto parsed = parse({"user", "add", "jsmith", "--display-name", "Jo Smith", "--env", "acme",
                             "--must-change-password", "--person", "12"});
  const auto& user = commandOf<UserCommand>(parsed);
  EXPECT_EQ(user.action, UserAction::Add);
  EXPECT_EQ(user.options.username, "jsmith");
  EXPECT_EQ(user.options.displayName, "Jo Smith");
  EXPECT_EQ(user.options.environment, "acme");
  EXPECT_TRUE(user.options.mustChangePassword);
  EXPECT_EQ(user.options.person, "12");
}

TEST(CommandLine, EachUserSubcommandNamesItsAction) {
  EXPECT_EQ(commandOf<UserCommand>(parse({"user", "passwd", "jsmith"})).action, UserAction::Passwd);
  EXPECT_EQ(commandOf<UserCommand>(parse({"user", "disable", "jsmith"})).action,
            UserAction::Disable);
  EXPECT_EQ(commandOf<UserCommand>(parse({"user", "enable", "jsmith"})).action, UserAction::Enable);
  EXPECT_EQ(commandOf<UserCommand>(parse({"user", "link", "jsmith", "--person", "none"})).action,
            UserAction::Link);
  const auto list = parse({"user", "list"});
  EXPECT_EQ(commandOf<UserCommand>(list).action, UserAction::List);
  EXPECT_EQ(commandOf<UserCommand>(list).options.environment, "demo") << "the default environment";
}

TEST(CommandLine, AUserCommandWithoutTheUsernameIsRefused) {
  const auto parsed = parse({"user", "disable"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("username"), std::string::npos) << parsed.errors;
}

TEST(CommandLine, LinkingAUserNeedsThePerson) {
  const auto parsed = parse({"user", "link", "jsmith"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.errors.find("--person"), std::string::npos) << parsed.errors;
}

// migrate, reindex, seed, version
// -------------------------------------------------------------------

TEST(CommandLine, MigrateWithoutAnEnvironmentMeansEveryOne) {
  EXPECT_EQ(commandOf<MigrateCommand>(parse({"migrate"})).options.environment, "");
  EXPECT_EQ(commandOf<MigrateCommand>(parse({"migrate", "--env", "acme"})).options.environment,
            "acme");
}

TEST(CommandLine, ReindexNeedsTheEnvironment) {
  EXPECT_EQ(commandOf<ReindexCommand>(parse({"reindex", "--env", "acme"})).options.environment,
            "acme");
  const auto parsed = parse({"reindex"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.errors.find("--env"), std::string::npos) << parsed.errors;
}

TEST(CommandLine, SeedTakesHowManyOfEachAndTheSeed) {
  const auto parsed = parse({"seed", "--env", "demo", "--persons", "200", "--cases", "50",
                             "--documents", "10", "--seed", "7"});
  const auto& seed = commandOf<SeedOptions>(parsed);
  EXPECT_EQ(seed.environment, "demo");
  EXPECT_EQ(seed.persons, 200);
  EXPECT_EQ(seed.cases, 50);
  EXPECT_EQ(seed.documents, 10);
  EXPECT_EQ(seed.seed, 7u);
}

TEST(CommandLine, SeedRefusesANegativeCount) {
  const auto parsed = parse({"seed", "--env", "demo", "--persons", "-1"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("--persons"), std::string::npos) << parsed.errors;
}

TEST(CommandLine, VersionTakesNothing) {
  EXPECT_NO_THROW(commandOf<VersionCommand>(parse({"version"})));
}

// Help and mistakes
// ---------------------------------------------------------------------------------

TEST(CommandLine, HelpIsPrintedOnStandardOutputAndRunsNothing) {
  const auto parsed = parse({"--help"});
  EXPECT_FALSE(parsed.command);
  EXPECT_EQ(parsed.exitCode, 0);
  for (const auto* command : {"serve", "user", "migrate", "reindex", "seed", "version"}) {
    EXPECT_NE(parsed.output.find(command), std::string::npos) << command;
  }
  EXPECT_EQ(parsed.errors, "");
}

TEST(CommandLine, NoCommandIsAMistake) {
  const auto parsed = parse({});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors, "");
}

TEST(CommandLine, AnOptionNotUnderstoodIsAMistakeThatSaysWhich) {
  const auto parsed = parse({"serve", "--colour", "blue"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("--colour"), std::string::npos) << parsed.errors;
}

// migrate-data
// ---------------------------------------------------------------------------------------------

TEST(CommandLine, MigrateDataTakesTheSourceFolderTheEnvironmentAndTheTargetUrl) {
  const auto parsed =
      parse({"migrate-data", "--from", "/srv/dossier/data", "--env", "demo", "--to",
             "postgresql://dossier@db/dossier_demo", "--environments", "/etc/dossier"});
  const auto& options = commandOf<MigrateDataOptions>(parsed);
  EXPECT_EQ(options.from, "/srv/dossier/data");
  EXPECT_EQ(options.environment, "demo");
  EXPECT_EQ(options.to, "postgresql://dossier@db/dossier_demo");
  EXPECT_EQ(options.environments, "/etc/dossier");
  const auto defaults = parse({"migrate-data", "--from", "d", "--env", "demo", "--to", "x"});
  EXPECT_EQ(commandOf<MigrateDataOptions>(defaults).environments, "./environments");
}

TEST(CommandLine, MigrateDataWithoutItsTargetIsRefusedNamingIt) {
  const auto parsed = parse({"migrate-data", "--from", "./data", "--env", "demo"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.exitCode, 0);
  EXPECT_NE(parsed.errors.find("--to"), std::string::npos) << parsed.errors;
}

// backup and restore
// ---------------------------------------------------------------------------------------------

TEST(CommandLine, BackupTakesTheEnvironmentTheFileAndTheServersFolders) {
  const auto parsed = parse({"backup", "--env", "demo", "--to", "/srv/backups/demo.tar.zst",
                             "--data", "/srv/dossier/data"});
  const auto& options = commandOf<BackupOptions>(parsed);
  EXPECT_EQ(options.environment, "demo");
  EXPECT_EQ(options.to, "/srv/backups/demo.tar.zst");
  EXPECT_EQ(options.locations.data, "/srv/dossier/data");
  EXPECT_EQ(options.locations.environments, "./environments");
}

TEST(CommandLine, BackupWithoutItsFileIsRefusedNamingIt) {
  const auto parsed = parse({"backup", "--env", "demo"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.errors.find("--to"), std::string::npos) << parsed.errors;
}

TEST(CommandLine, RestoreTakesTheFileAndRestoresUnderTheBackupsNameUnlessTold) {
  const auto& plain = commandOf<RestoreOptions>(parse({"restore", "--from", "demo.tar"}));
  EXPECT_EQ(plain.from, "demo.tar");
  EXPECT_EQ(plain.environment, "");
  EXPECT_EQ(plain.databaseUrl, "");
  EXPECT_FALSE(plain.sqlite);
  EXPECT_FALSE(plain.verifyOnly);
  const auto parsed =
      parse({"restore", "--from", "demo.tar", "--env", "demo-drill", "--database-url",
             "postgresql://dossier@db/drill", "--data", "/srv/drill/data"});
  const auto& options = commandOf<RestoreOptions>(parsed);
  EXPECT_EQ(options.environment, "demo-drill");
  EXPECT_EQ(options.databaseUrl, "postgresql://dossier@db/drill");
  EXPECT_EQ(options.locations.data, "/srv/drill/data");
  EXPECT_TRUE(
      commandOf<RestoreOptions>(parse({"restore", "--from", "a.tar", "--verify-only"})).verifyOnly);
}

TEST(CommandLine, RestoreIntoSqliteAndIntoADatabaseUrlAtOnceIsAMistake) {
  const auto parsed =
      parse({"restore", "--from", "demo.tar", "--sqlite", "--database-url", "postgresql://db/x"});
  EXPECT_FALSE(parsed.command);
  EXPECT_NE(parsed.errors.find("--sqlite"), std::string::npos) << parsed.errors;
}

}  // namespace
}  // namespace dossier::cli
