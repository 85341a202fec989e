#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"

namespace dossier::types {
struct EntityType;
struct FieldDef;
}  // namespace dossier::types

namespace dossier::seed {

// Values for a type's fields that read like real records: names drawn with common ones far more
// often than rare ones (and a long tail of names seen once), addresses, dates, case titles and
// notes. Mandatory fields and yes/no questions are always filled, others most of the time (those
// left out keep their default). The same seed gives the same records.
class RecordGenerator {
 public:
  explicit RecordGenerator(std::uint64_t seed) : random_(seed) {}

  // personIds: persons a person or case picker may name (empty: pickers stay empty).
  boost::json::object values(const types::EntityType& type,
                             const std::vector<std::int64_t>& personIds);
  std::string status(const types::EntityType& type);
  bool obsolete();
  // A moment in the last three years.
  TimePoint createdAt();

 private:
  std::mt19937_64 random_;

  std::size_t skewed(std::size_t count);  // early entries far more often
  std::size_t uniform(std::size_t count);
  bool chance(double probability);
  std::string surname();
  std::string firstName();
  std::string caseTitle();
  std::string sentencesText(int minimum, int maximum);
  boost::json::object address();
  std::string date(int fromYear, int toYear);
  boost::json::value fieldValue(const types::FieldDef& field,
                                const std::vector<std::int64_t>& personIds);
};

}  // namespace dossier::seed
