#include "app/environment_metrics.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "db/database_error.hpp"
#include "db/pool.hpp"
#include "documents/extraction.hpp"
#include "environments/environment.hpp"
#include "environments/registry.hpp"
#include "index/search_index.hpp"
#include "realtime/fanout.hpp"
#include "records/change_log.hpp"

namespace dossier::app {

namespace {

// What one environment says, read once per scrape.
struct Reading {
  std::string environment;
  db::Pool::Usage pool;
  bool databaseUp = false;
  std::optional<std::int64_t> indexLag;  // unknown while the database or the index is not there
  std::optional<std::int64_t> pendingExtractions;
  std::size_t hubConnections = 0;
  std::uint64_t hubEvents = 0;
};

Reading read(environments::Environment& environment) {
  Reading reading;
  reading.environment = environment.key();
  reading.pool = environment.db().usage();
  reading.hubConnections = environment.hub().size();
  reading.hubEvents = environment.hub().eventsSent();
  try {
    auto db = environment.db().acquire();
    const auto latest = records::latestChange(*db);
    if (const auto* index = environment.index()) {
      reading.indexLag = std::max<std::int64_t>(0, latest - index->appliedSequence());
    }
    reading.pendingExtractions = documents::pendingExtractions(*db);
    reading.databaseUp = true;
  } catch (const db::DatabaseError& error) {
    // Scraped every few seconds: the readiness check and requests say more about an outage.
    spdlog::debug("metrics: the database of {} did not answer: {}", environment.key(),
                  error.what());
  }
  return reading;
}

using Value = std::optional<double>;

// One family, a sample per environment that has a value for it.
template <class Pick>
void family(metrics::TextFormat& out, const std::vector<Reading>& readings, std::string_view name,
            std::string_view type, std::string_view help, Pick pick) {
  out.family(name, type, help);
  for (const auto& reading : readings) {
    if (const Value value = pick(reading)) {
      out.sample(name, {{"environment", reading.environment}}, *value);
    }
  }
}

}  // namespace

void writeEnvironmentMetrics(environments::Registry& registry, metrics::TextFormat& out) {
  std::vector<Reading> readings;
  for (auto* environment : registry.all()) {
    readings.push_back(read(*environment));
  }
  const auto number = [](auto value) { return Value(static_cast<double>(value)); };

  out.family("dossier_db_pool_connections", "gauge",
             "Database connections of the environment's pool, by state: in_use (lent to a "
             "request or a background task) or idle.");
  for (const auto& reading : readings) {
    const auto idle = static_cast<double>(reading.pool.idle);
    const auto inUse = static_cast<double>(reading.pool.opened - reading.pool.idle);
    out.sample("dossier_db_pool_connections",
               {{"environment", reading.environment}, {"state", "in_use"}}, inUse);
    out.sample("dossier_db_pool_connections",
               {{"environment", reading.environment}, {"state", "idle"}}, idle);
  }
  family(out, readings, "dossier_db_pool_max_connections", "gauge",
         "Connections the environment's pool opens at most.",
         [&](const Reading& r) { return number(r.pool.size); });
  family(out, readings, "dossier_db_pool_waiting", "gauge",
         "Threads waiting now for a connection of the environment's pool.",
         [&](const Reading& r) { return number(r.pool.waiting); });
  family(out, readings, "dossier_db_pool_waits_total", "counter",
         "Times a thread found no connection of the environment's pool free and waited.",
         [&](const Reading& r) { return number(r.pool.waits); });
  family(out, readings, "dossier_db_pool_wait_seconds_total", "counter",
         "Time spent waiting for a connection of the environment's pool, all waits together.",
         [&](const Reading& r) { return Value(r.pool.waitedSeconds); });
  family(out, readings, "dossier_database_up", "gauge",
         "1 when the environment's database answered this scrape, 0 when it did not.",
         [&](const Reading& r) { return number(r.databaseUp ? 1 : 0); });
  family(out, readings, "dossier_index_lag_changes", "gauge",
         "Changes of the change log this process's search index has not applied yet (the latest "
         "change's number less the last applied).",
         [&](const Reading& r) { return r.indexLag ? number(*r.indexLag) : std::nullopt; });
  family(out, readings, "dossier_extraction_pending_documents", "gauge",
         "Documents whose text is still to be read by the extraction queue.",
         [&](const Reading& r) {
           return r.pendingExtractions ? number(*r.pendingExtractions) : std::nullopt;
         });
  family(out, readings, "dossier_hub_connections", "gauge",
         "Tabs connected to this process's realtime hub.",
         [&](const Reading& r) { return number(r.hubConnections); });
  family(out, readings, "dossier_hub_events_sent_total", "counter",
         "Realtime events sent by this process to tabs, one for each tab sent one.",
         [&](const Reading& r) { return number(r.hubEvents); });
}

}  // namespace dossier::app
