#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <thread>

#include <spdlog/spdlog.h>

#include "app/all_routes.hpp"
#include "app/application.hpp"
#include "app/housekeeping.hpp"
#include "auth/directory_groups.hpp"
#include "auth/first_start.hpp"
#include "auth/hashing_queue.hpp"
#include "cli/commands.hpp"
#include "core/address_range.hpp"
#include "core/build_info.hpp"
#include "core/capacity.hpp"
#include "core/logging.hpp"
#include "documents/extraction.hpp"
#include "environments/registry.hpp"
#include "http/server.hpp"
#include "index/errors.hpp"
#include "index/search_index.hpp"
#include "mail/pickup.hpp"
#include "mail/transport.hpp"
#include "metrics/registry.hpp"
#include "reports/export_progress_feed.hpp"
#include "reports/export_runner.hpp"
#include "reports/schedule_runner.hpp"
#include "sandbox/macro_runners.hpp"
#include "seed/samples.hpp"

namespace dossier::cli {

namespace {

// A token shorter than this could be guessed by a patient scraper.
constexpr std::size_t kShortestMetricsToken = 16;

// The address ranges an option lists ("none" or nothing for none); or why the server cannot
// start (problem).
std::vector<AddressRange> rangesOf(const std::string& option, const std::vector<std::string>& texts,
                                   std::string& problem) {
  std::vector<AddressRange> ranges;
  for (const auto& text : texts) {
    if (text == "none" || text.empty()) {
      continue;
    }
    auto range = AddressRange::parse(text);
    if (!range) {
      problem = option + ": '" + text +
                "' is not an IP address or range such as 10.0.0.0/8, 192.0.2.7 or 2001:db8::/32.";
      return {};
    }
    ranges.push_back(std::move(*range));
  }
  return ranges;
}

// Who may read /metrics, from --metrics-allow and --metrics-token-file; or why the server cannot
// start (problem).
app::MetricsAccess metricsAccessOf(const ServeOptions& options, std::string& problem) {
  app::MetricsAccess access;
  access.allowed = rangesOf("--metrics-allow", options.metricsAllow, problem);
  if (!problem.empty() || options.metricsTokenFile.empty()) {
    return access;
  }
  std::ifstream file(options.metricsTokenFile);
  std::string token;
  if (!file || !std::getline(file, token)) {
    problem = "--metrics-token-file: " + options.metricsTokenFile +
              " cannot be read, or is empty: it must hold the token on its first line.";
    return access;
  }
  while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) {
    token.pop_back();
  }
  if (token.size() < kShortestMetricsToken) {
    problem = "--metrics-token-file: the token in " + options.metricsTokenFile +
              " is too short: use at least " + std::to_string(kShortestMetricsToken) +
              " characters (openssl rand -hex 32 makes a good one).";
    return access;
  }
  access.token = std::move(token);
  return access;
}

// What every scrape of this process says about it: its version and when it started.
void describeProcess() {
  const std::string_view full = fullVersion();
  const auto separator = full.find(" Build ");
  const auto build =
      separator == std::string_view::npos ? std::string_view() : full.substr(separator + 7);
  auto& registry = metrics::processRegistry();
  registry
      .gauge("dossier_build_info", "Always 1: the version and build of this dossier process.",
             {"version", "build"})
      .with({productVersion(), build})
      .set(1);
  registry
      .gauge("dossier_process_start_time_seconds",
             "When this process started, in seconds since 1970-01-01 UTC.")
      .with({})
      .set(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
               .count());
}

}  // namespace

int runServe(const ServeOptions& options) {
  // First of all, so that every line of this process is in the format asked for.
  setLogFormat(logFormatNamed(options.logFormat).value_or(LogFormat::Text),
               options.processName.empty() ? defaultProcessName() : options.processName);
  spdlog::set_level(spdlog::level::from_str(options.logLevel));
  spdlog::info("dossier {} starting", fullVersion());
  std::string problem;
  auto metricsAccess = metricsAccessOf(options, problem);
  auto trustedProxies = problem.empty()
                            ? rangesOf("--trusted-proxies", options.trustedProxies, problem)
                            : std::vector<AddressRange>();
  if (!problem.empty()) {
    spdlog::error("The server cannot start. {}", problem);
    return 1;
  }
  describeProcess();
  const auto capacity = capacityFor(std::thread::hardware_concurrency(), options.threads);
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, capacity.databaseConnections, ""});
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
  std::vector<std::unique_ptr<documents::ExtractionQueue>> extraction;
  std::vector<std::unique_ptr<reports::ExportRunner>> exportRunners;
  std::vector<std::unique_ptr<reports::ScheduleRunner>> scheduleRunners;
  for (auto* environment : registry.value()->all()) {
    if (auth::isFirstStart(*environment) && !seed::samplesStored(*environment)) {
      if (auto seeded = seed::seedSamples(*environment); !seeded) {
        spdlog::error("The server cannot start. {}", seeded.error().message);
        return 1;
      }
    }
    auth::prepareFirstStart(
        *environment,
        adminPassword != nullptr ? std::optional<std::string>(adminPassword) : std::nullopt,
        seed::samplePersonOfUser(*environment, "admin"));
    if (auto seeded = seed::seedSamplesForUsers(*environment); !seeded) {
      spdlog::error("The server cannot start. {}", seeded.error().message);
      return 1;
    }
    if (const auto& outgoing = environment->config().mail;
        outgoing.configured && outgoing.transport == mail::TransportKind::Pickup) {
      if (auto ready =
              mail::preparePickupFolder(environment->dataFolder() / mail::kPickupFolderName);
          !ready) {
        spdlog::error(
            "The server cannot start. {} The environment {} writes its e-mails there "
            "(mail.transport: pickup in {}): make the folder writable by the server, or choose "
            "another transport.",
            ready.error().message, environment->key(),
            (environment->config().folder / "environment.yaml").string());
        return 1;
      }
    }
    auto index = environment->openIndex();
    if (!index) {
      // Several processes may share the databases, never a data folder: each keeps its own index.
      spdlog::error("The server cannot start. {}{}", index.error().message,
                    index.error().is(index::errors::kLocked)
                        ? " Several server processes on one machine each need a data folder of "
                          "their own (--data); they share the database, not the index."
                        : "");
      return 1;
    }
    // Building a missing or outdated index and following the change log run in the background:
    // the server answers at once, and search finds more as the index fills.
    index.value()->start();
    environment->attachIndex(std::move(index).value());
    // Memberships of groups that cloud directories gave at sign-in, beside groups.yaml's.
    auth::loadDirectoryGroups(*environment);
    // Documents' text is read in the background too, from where a restart left it.
    extraction.push_back(std::make_unique<documents::ExtractionQueue>(*environment));
    extraction.back()->start();
    // Long report exports too, whichever process they were asked of.
    exportRunners.push_back(std::make_unique<reports::ExportRunner>(*environment));
    exportRunners.back()->start();
    // And reports sent on a schedule.
    scheduleRunners.push_back(std::make_unique<reports::ScheduleRunner>(*environment));
    scheduleRunners.back()->start();
    environment->startChangeFeed(
        {reports::exportProgressSource(environment->config().reports.keepExportsFor)});
  }

  app::Application application(*registry.value(), app::featureServices(), options.webRoot,
                               options.defaultEnvironment, std::move(metricsAccess));
  // Expired sessions, old sign-in failures and old audit rows go every ten minutes.
  app::Housekeeping housekeeping(*registry.value(), std::chrono::minutes(10));
  http::ServerOptions server;
  server.address = options.address;
  server.port = options.port;
  server.threads = capacity.ioThreads;
  server.workers = capacity.workers;
  server.heavyWorkers = capacity.heavyWorkers;
  server.searchers = capacity.searchers;
  server.quickWorkers = capacity.quickWorkers;
  server.maxConnections = options.maxConnections;
  server.maxConnectionsPerAddress = options.maxConnectionsPerAddress;
  server.trustedProxies = std::move(trustedProxies);
  auth::hashingQueue().resize({capacity.hashing, capacity.hashingWaiting, capacity.hashingReserved,
                               capacity.hashingReservedWaiting});
  sandbox::macroRunners().resize(
      {capacity.macroRunners, capacity.macroWaiting, capacity.macroIdle});
  const auto served = http::serve(server, application, [&](unsigned short port) {
    const auto host = options.address == "0.0.0.0" ? std::string("localhost") : options.address;
    spdlog::info(
        "listening on http://{}:{}/{}/ ({} I/O threads, {} workers, {} for heavy work, {} for "
        "searches, {} macros at once)",
        host, port, options.defaultEnvironment, capacity.ioThreads, capacity.workers,
        capacity.heavyWorkers, capacity.searchers, capacity.macroRunners);
  });
  if (!served) {
    spdlog::error("{}", served.error().message);
    return 1;
  }
  return 0;
}

}  // namespace dossier::cli
