#include "reports/report_files.hpp"

#include <fstream>
#include <memory>
#include <stdexcept>

#include "export/csv_writer.hpp"
#include "export/pdf_writer.hpp"
#include "export/xlsx_writer.hpp"
#include "reports/errors.hpp"

namespace dossier::reports {

namespace {

using exporting::TableCell;

// One format's writer, as the rows see it.
class TableFile {
 public:
  virtual ~TableFile() = default;
  virtual void row(const std::vector<TableCell>& cells) = 0;
  virtual void finish() = 0;
};

class CsvFile : public TableFile {
 public:
  explicit CsvFile(const std::filesystem::path& path)
      : out_(path, std::ios::binary), csv_([this](std::string_view piece) {
          out_.write(piece.data(), static_cast<std::streamsize>(piece.size()));
        }) {}
  void row(const std::vector<TableCell>& cells) override { csv_.row(cells); }
  void finish() override {
    csv_.finish();
    out_.close();
    if (!out_) {
      throw std::runtime_error("the file could not be written: the disk may be full");
    }
  }

 private:
  std::ofstream out_;
  exporting::CsvWriter csv_;
};

template <class Writer>
class WriterFile : public TableFile {
 public:
  template <class... Args>
  explicit WriterFile(Args&&... args) : writer_(std::forward<Args>(args)...) {}
  void row(const std::vector<TableCell>& cells) override { writer_.row(cells); }
  void finish() override { writer_.finish(); }

 private:
  Writer writer_;
};

exporting::ColumnKind kindOf(types::ReportValueType type) {
  switch (type) {
    case types::ReportValueType::Number:
      return exporting::ColumnKind::Number;
    case types::ReportValueType::Date:
      return exporting::ColumnKind::Date;
    case types::ReportValueType::DateTime:
      return exporting::ColumnKind::DateTime;
    case types::ReportValueType::Text:
      break;
  }
  return exporting::ColumnKind::Text;
}

std::unique_ptr<TableFile> open(const std::string& format, const std::filesystem::path& path,
                                const std::vector<exporting::TableColumn>& columns,
                                const ExportHeading& heading) {
  std::vector<exporting::FilterLine> filters;
  for (const auto& each : heading.filters) {
    filters.push_back({each.label, each.text});
  }
  if (format == "xlsx") {
    return std::make_unique<WriterFile<exporting::XlsxWriter>>(path, heading.title, columns,
                                                               filters);
  }
  if (format == "pdf") {
    exporting::PdfLayout layout;
    layout.title = heading.title;
    layout.filters = std::move(filters);
    layout.generatedAt = heading.generatedAt;
    layout.paper = heading.paper == "Letter" ? exporting::Paper::Letter : exporting::Paper::A4;
    // A wide table reads better across the page.
    layout.landscape =
        heading.orientation.empty() ? columns.size() > 5 : heading.orientation == "landscape";
    return std::make_unique<WriterFile<exporting::PdfWriter>>(path, std::move(layout), columns);
  }
  return std::make_unique<CsvFile>(path);
}

}  // namespace

std::size_t mostPdfRows() {
  return exporting::PdfWriter::kMostRows;
}

Result<std::int64_t> writeReportFile(const std::string& format, const std::filesystem::path& path,
                                     const std::vector<ResultColumn>& columns,
                                     const ExportHeading& heading, const RowSource& rows) {
  std::vector<exporting::TableColumn> tableColumns;
  std::vector<TableCell> header;
  for (const auto& column : columns) {
    tableColumns.push_back({column.label, kindOf(column.type)});
    header.push_back({column.label, false});
  }
  try {
    auto file = open(format, path, tableColumns, heading);
    if (format == "csv") {
      file->row(header);
    }
    std::vector<TableCell> cells(columns.size());
    const auto written = rows([&](std::vector<Cell>& row) {
      for (std::size_t i = 0; i < row.size(); ++i) {
        cellTextInto(row[i], columns[i].type, cells[i].text);
        cells[i].number = std::holds_alternative<double>(row[i]);
      }
      file->row(cells);
      return true;
    });
    file->finish();
    return written;
  } catch (const std::exception& e) {
    return Error::of(errors::kExportFailed, std::string("The export could not be written: ") +
                                                e.what() +
                                                ". Please try again, or choose another format.");
  }
}

}  // namespace dossier::reports
