#pragma once

#include <cstdint>
#include <functional>

#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::seed {

struct SeedCounts {
  std::int64_t persons = 0;
  std::int64_t cases = 0;
  std::uint64_t seed = 1;  // the same seed makes the same records
};

// Stores generated persons, then cases naming them, across the environment's types; each record
// gets its audit and change-log rows as if a person had saved it, so the search index follows.
// progress is told (done, total) as batches are committed.
Status seedRecords(environments::Environment& environment, const SeedCounts& counts,
                   const std::function<void(std::int64_t, std::int64_t)>& progress);

}  // namespace dossier::seed
