#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "reports/report_filters.hpp"
#include "reports/report_rows.hpp"

namespace dossier::reports {

// What an export's file says besides its rows.
struct ExportHeading {
  std::string title;
  std::vector<FilterUsed> filters;
  std::string generatedAt;  // "Generated 2026-11-28 09:05 UTC by jsmith"
  // A PDF's page: "A4" or "Letter"; "portrait", "landscape", or empty for landscape when the
  // table has more than five columns.
  std::string paper = "A4";
  std::string orientation;
};

// Hands each row of the report to the callback, as forEachRow does; returns how many.
using RowSource = std::function<std::int64_t(const std::function<bool(std::vector<Cell>&)>&)>;

// The most rows a PDF takes (a printed table longer than this is read in a spreadsheet).
std::size_t mostPdfRows();

// Writes the rows, as they come, to `path` in the format (csv, xlsx or pdf: export/): returns the
// rows written, or reports.export_failed saying why.
Result<std::int64_t> writeReportFile(const std::string& format, const std::filesystem::path& path,
                                     const std::vector<ResultColumn>& columns,
                                     const ExportHeading& heading, const RowSource& rows);

}  // namespace dossier::reports
