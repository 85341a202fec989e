#include "seed/seed.hpp"

#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/record_writer.hpp"
#include "seed/errors.hpp"
#include "seed/record_generator.hpp"

namespace dossier::seed {

using types::EntityKind;

namespace {

// Records per transaction: large enough to be fast, small enough that a stop loses little.
constexpr std::int64_t kBatch = 5000;
// Persons a case picker chooses among (the most recent ones seeded).
constexpr std::size_t kPickablePersons = 50000;

}  // namespace

Status seedRecords(environments::Environment& environment, const SeedCounts& counts,
                   const std::function<void(std::int64_t, std::int64_t)>& progress) {
  const auto& catalog = environment.catalog();
  const auto personTypes = catalog.ofKind(EntityKind::Person);
  const auto caseTypes = catalog.ofKind(EntityKind::Case);
  if (counts.persons > 0 && personTypes.empty()) {
    return Error::of(errors::kNoTypes,
                     "The environment " + environment.key() + " has no person types to seed.");
  }
  if (counts.cases > 0 && caseTypes.empty()) {
    return Error::of(errors::kNoTypes,
                     "The environment " + environment.key() + " has no case types to seed.");
  }
  const records::Actor actor{0, "dossier", "Sample data"};
  // Generated records are written without field-by-field changes: their history says only
  // "created", which keeps a seed of millions fast.
  const records::Change created{"created", {}, nullptr};
  RecordGenerator generator(counts.seed);
  std::vector<std::int64_t> personIds;
  auto db = environment.db().acquire();
  const auto total = counts.persons + counts.cases;
  std::int64_t done = 0;

  const auto store = [&](EntityKind kind, std::int64_t count) {
    const auto& types = kind == EntityKind::Person ? personTypes : caseTypes;
    std::int64_t left = count;
    while (left > 0) {
      const auto batch = std::min(left, kBatch);
      db::Transaction transaction(*db);
      for (std::int64_t i = 0; i < batch; ++i) {
        // Most persons are individuals: the first type is drawn three times as often.
        const auto pick = static_cast<std::size_t>((done + i) % (types.size() + 2));
        const auto& type = *types[pick < types.size() ? pick : 0];
        records::Record record;
        record.kind = kind;
        record.values = generator.values(
            type, kind == EntityKind::Case ? personIds : std::vector<std::int64_t>{});
        if (kind == EntityKind::Case) {
          record.status = generator.status(type);
        } else {
          record.obsolete = generator.obsolete();
        }
        records::createRecord(*db, type, record, created, actor, generator.createdAt());
        if (kind == EntityKind::Person && personIds.size() < kPickablePersons) {
          personIds.push_back(record.id);
        }
      }
      transaction.commit();
      left -= batch;
      done += batch;
      if (progress) {
        progress(done, total);
      }
    }
  };
  try {
    store(EntityKind::Person, counts.persons);
    store(EntityKind::Case, counts.cases);
  } catch (const db::DatabaseError& error) {
    if (error.busy()) {
      throw;  // another process is using the database: the command line says so
    }
    return Error::of(errors::kFailed, std::string("Seeding stopped: ") + error.what() +
                                          ". The records of earlier batches are kept.");
  } catch (const std::exception& error) {
    return Error::of(errors::kFailed, std::string("Seeding stopped: ") + error.what() +
                                          ". The records of earlier batches are kept.");
  }
  return {};
}

}  // namespace dossier::seed
