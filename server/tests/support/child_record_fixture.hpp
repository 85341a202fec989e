#pragma once

// The records fixture for the records a case or person holds (alternate names, comments, cross
// references, case actions): what those tests read besides the records themselves — a case by the
// number their routes name it with, a record's audit trail, how many rows a table has.

#include <cstdint>
#include <stdexcept>
#include <string>

#include "records/audit.hpp"
#include "records/records.hpp"
#include "support/records_fixture.hpp"

namespace dossier::testing {

class ChildRecords : public RecordsFixture {
 protected:
  std::string complaintNumber(const char* title = "Noise at night") {
    return complaint(title).caseNumber;
  }
  std::string investigationNumber(const char* title = "Quiet enquiry") {
    return investigation(title).caseNumber;
  }

  // A record's audit trail, newest first.
  records::HistoryPage history(types::EntityKind kind, const std::string& identifier) {
    auto lease = db();
    const auto id = records::recordId(*lease, kind, identifier);
    if (!id) {
      throw std::runtime_error("no record " + identifier);
    }
    return records::readHistory(*lease, kind, *id, 1, 50);
  }

  std::int64_t count(const std::string& table) {
    auto lease = db();
    auto row = lease->query("SELECT COUNT(*) FROM " + table);
    row.step();
    return row.integer(0);
  }
};

}  // namespace dossier::testing
