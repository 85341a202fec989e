#pragma once

#include <xapian.h>

#include "support/temp_folder.hpp"

namespace dossier::index::testing {

// A Xapian index on disk in a folder of its own, removed after the test (one in memory has no
// UUID, which tells a rebuilt index from the old one). Tests fill it as they need.
struct ScratchIndex {
  dossier::testing::TempFolder folder;
  Xapian::WritableDatabase database{(folder.path() / "index").string(), Xapian::DB_CREATE};
};

}  // namespace dossier::index::testing
