#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "datamove/plan.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::datamove {

// How many rows go in one transaction at most, and how many bytes of values.
struct Batches {
  std::size_t rows = 500;
  std::size_t bytes = 8 * 1024 * 1024;
};

// Copies every row of one table from the source, read within the caller's snapshot, into the
// target, in transactions of one batch each, with every value bound as what it is (integer, real,
// text or null) and every id as it was. A table referring to itself gets those columns in a second
// pass, once all its rows are there. A table the target's migrations seeded is emptied first.
// progress is told the rows copied so far. Returns how many were copied.
std::int64_t copyTable(db::Connection& source, db::Connection& target, const TablePlan& plan,
                       const Batches& batches, const std::function<void(std::int64_t)>& progress);

}  // namespace dossier::datamove
