#include <cstdlib>
#include <memory>
#include <thread>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "app/all_routes.hpp"
#include "app/application.hpp"
#include "auth/first_start.hpp"
#include "cli/commands.hpp"
#include "core/build_info.hpp"
#include "entities/samples.hpp"
#include "environments/registry.hpp"
#include "http/server.hpp"
#include "search/environment_index.hpp"
#include "search/search_index.hpp"

namespace dossier::cli {

namespace {

struct ServeOptions {
  Locations locations;
  std::string webRoot = "./web/dist";
  std::string defaultEnvironment = "demo";
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  unsigned threads = 0;
  std::string logLevel = "info";
};

int runServe(const ServeOptions& options) {
  spdlog::set_level(spdlog::level::from_str(options.logLevel));
  spdlog::info("dossier {} starting", fullVersion());
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads = options.threads != 0 ? options.threads : cores;
  // Enough connections per database for every I/O and worker thread to hold one at once.
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, threads * 2 + 2, ""});
  if (!registry) {
    // Through the log, so that the message never interleaves with a log line being written.
    spdlog::error("The server cannot start. {}", registry.error().message);
    return 1;
  }
  if (registry.value()->find(options.defaultEnvironment) == nullptr) {
    std::string keys;
    for (auto* environment : registry.value()->all()) {
      keys += (keys.empty() ? "" : ", ") + environment->key();
    }
    spdlog::error(
        "The server cannot start. The default environment '{}' does not exist in {} (there is: "
        "{}). Choose one with --default-environment.",
        options.defaultEnvironment, options.locations.environments, keys);
    return 1;
  }
  const char* adminPassword = std::getenv("DOSSIER_ADMIN_PASSWORD");
  for (auto* environment : registry.value()->all()) {
    if (auth::isFirstStart(*environment) && !entities::samplesStored(*environment)) {
      if (auto seeded = entities::seedSamples(*environment); !seeded) {
        spdlog::error("The server cannot start. {}", seeded.error().message);
        return 1;
      }
    }
    auth::prepareFirstStart(
        *environment,
        adminPassword != nullptr ? std::optional<std::string>(adminPassword) : std::nullopt,
        entities::samplePersonOfUser(*environment, "admin"));
    auto index = search::openEnvironmentIndex(*environment);
    if (!index) {
      spdlog::error("The server cannot start. {}", index.error().message);
      return 1;
    }
    // Building a missing or outdated index and following the change log run in the background:
    // the server answers at once, and search finds more as the index fills.
    index.value()->start();
    environment->attachSearch(std::move(index).value());
  }

  app::Application application(*registry.value(), app::allRoutes(), options.webRoot,
                               options.defaultEnvironment);
  http::ServerOptions server;
  server.address = options.address;
  server.port = options.port;
  server.threads = threads;
  const auto served = http::serve(server, application, [&](unsigned short port) {
    const auto host = options.address == "0.0.0.0" ? std::string("localhost") : options.address;
    spdlog::info("listening on http://{}:{}/{}/ ({} threads)", host, port,
                 options.defaultEnvironment, threads);
  });
  if (!served) {
    spdlog::error("{}", served.error().message);
    return 1;
  }
  return 0;
}

}  // namespace

void addServeCommand(CLI::App& program, int& exitCode) {
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
  command->add_option("--log-level", options->logLevel, "trace, debug, info, warn or error")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error"}))
      ->capture_default_str();
  command->callback([options, &exitCode] { exitCode = runServe(*options); });
}

}  // namespace dossier::cli
