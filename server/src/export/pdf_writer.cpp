#include "export/pdf_writer.hpp"

#include <algorithm>
#include <cairo-pdf.h>
#include <cairo.h>
#include <memory>
#include <pango/pangocairo.h>
#include <stdexcept>
#include <string_view>

namespace dossier::exporting {

namespace {

constexpr double kMargin = 36;
constexpr double kPadX = 3;
constexpr double kPadY = 2;
constexpr double kLeastColumn = 36;
// A column wanting no more than this is of short content (a date, a number, a name).
constexpr double kShortColumn = 100;
// Of the table's width: wider content does not earn its column more.
constexpr double kWidestShare = 0.4;
constexpr std::size_t kSampleRows = 500;
// More than a page shows of a cell: what is beyond is never laid out.
constexpr std::size_t kMostCellBytes = 32 * 1024;
constexpr double kShade = 0.93;
constexpr double kGrey = 0.4;

template <typename T, auto Free>
struct Freeing {
  void operator()(T* p) const { Free(p); }
};
using Surface = std::unique_ptr<cairo_surface_t, Freeing<cairo_surface_t, cairo_surface_destroy>>;
using Cairo = std::unique_ptr<cairo_t, Freeing<cairo_t, cairo_destroy>>;
using FontDescription = std::unique_ptr<PangoFontDescription,
                                        Freeing<PangoFontDescription, pango_font_description_free>>;
using Attributes = std::unique_ptr<PangoAttrList, Freeing<PangoAttrList, pango_attr_list_unref>>;
struct Unref {
  void operator()(gpointer object) const { g_object_unref(object); }
};
using Context = std::unique_ptr<PangoContext, Unref>;
using Layout = std::unique_ptr<PangoLayout, Unref>;

// Pango takes only valid UTF-8 (and no NUL): anything else becomes U+FFFD rather than a warning.
std::string readable(std::string text) {
  if (g_utf8_validate_len(text.data(), text.size(), nullptr)) {
    return text;
  }
  std::unique_ptr<gchar, Freeing<void, g_free>> valid(
      g_utf8_make_valid(text.data(), static_cast<gssize>(text.size())));
  return valid.get();
}

std::string cutForPage(std::string text) {
  if (text.size() > kMostCellBytes) {
    std::size_t end = kMostCellBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
      --end;
    }
    text.resize(end);
  }
  return text;
}

// One font's text, laid out by pango; wraps at word boundaries, within words when it must.
class Text {
 public:
  Text(PangoContext* context, const char* font) : layout_(pango_layout_new(context)) {
    const FontDescription description(pango_font_description_from_string(font));
    pango_layout_set_font_description(layout_.get(), description.get());
    pango_layout_set_wrap(layout_.get(), PANGO_WRAP_WORD_CHAR);
  }

  // Lays `text` out `width` wide, or on one line when width is 0; returns its height.
  double set(std::string_view text, double width = 0, PangoAlignment alignment = PANGO_ALIGN_LEFT) {
    pango_layout_set_text(layout_.get(), text.data(), static_cast<int>(text.size()));
    pango_layout_set_width(layout_.get(), width > 0 ? pango_units_from_double(width) : -1);
    pango_layout_set_alignment(layout_.get(), alignment);
    return height();
  }

  // A layout taller than `height` is cut there, with "…".
  void cutAt(double height) {
    pango_layout_set_ellipsize(layout_.get(), PANGO_ELLIPSIZE_END);
    pango_layout_set_height(layout_.get(), pango_units_from_double(height));
  }

  void setAttributes(PangoAttrList* attributes) {
    pango_layout_set_attributes(layout_.get(), attributes);
  }

  double width() const {
    int width = 0;
    pango_layout_get_size(layout_.get(), &width, nullptr);
    return pango_units_to_double(width);
  }

  double height() const {
    int height = 0;
    pango_layout_get_size(layout_.get(), nullptr, &height);
    return pango_units_to_double(height);
  }

  void draw(cairo_t* cr, double x, double y) const {
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout_.get());
  }

 private:
  Layout layout_;
};

struct PageSize {
  double width;
  double height;
};

PageSize pageSizeOf(const PdfLayout& layout) {
  const PageSize portrait = layout.paper == Paper::A4 ? PageSize{595, 842} : PageSize{612, 792};
  return layout.landscape ? PageSize{portrait.height, portrait.width} : portrait;
}

// `available` shared out in proportion to the weights, each share at least `least`: a column
// below it is given the least and the rest shared again among the others.
std::vector<double> share(const std::vector<double>& weights, double available, double least) {
  const auto count = weights.size();
  std::vector<double> widths(count, 0);
  if (count == 0) {
    return widths;
  }
  least = std::min(least, available / static_cast<double>(count));
  std::vector<bool> atLeast(count, false);
  for (bool changed = true; changed;) {
    changed = false;
    double room = available;
    double total = 0;
    std::size_t open = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (atLeast[i]) {
        room -= least;
      } else {
        total += weights[i];
        ++open;
      }
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (atLeast[i]) {
        widths[i] = least;
        continue;
      }
      widths[i] = total > 0 ? room * weights[i] / total : room / static_cast<double>(open);
      if (widths[i] < least) {
        atLeast[i] = true;
        changed = true;
      }
    }
  }
  return widths;
}

// The columns' widths from what they want (their measured content): all of it, and what is left
// over in proportion, when the page is wide enough; else a column of short content keeps what it
// wants, so that dates and numbers do not wrap, and the columns of long text share the rest in
// proportion to how much more they want.
std::vector<double> columnWidthsFrom(std::vector<double> wants, double available) {
  double wanted = 0;
  double floors = 0;
  double beyond = 0;
  std::vector<double> floor(wants.size());
  for (std::size_t i = 0; i < wants.size(); ++i) {
    wants[i] = std::max(wants[i], kLeastColumn);
    floor[i] = std::min(wants[i], std::max(kShortColumn, kLeastColumn));
    wanted += wants[i];
    floors += floor[i];
    beyond += wants[i] - floor[i];
  }
  if (wanted <= available) {
    return share(wants, available, kLeastColumn);
  }
  if (floors > available) {
    return share(floor, available, kLeastColumn);
  }
  std::vector<double> widths(wants.size());
  for (std::size_t i = 0; i < wants.size(); ++i) {
    widths[i] = floor[i] + (available - floors) * (wants[i] - floor[i]) / beyond;
  }
  return widths;
}

bool rightAligned(const TableColumn& column) {
  return column.kind == ColumnKind::Number;
}

// Lays a report out on pages and draws it: measure() counts the pages, draw() draws them.
class Typesetter {
 public:
  Typesetter(cairo_t* cr, const PdfLayout& layout, const std::vector<TableColumn>& columns,
             const std::vector<std::vector<TableCell>>& rows)
      : cr_(cr),
        layout_(layout),
        columns_(columns),
        rows_(rows),
        page_(pageSizeOf(layout)),
        context_(pango_cairo_create_context(cr)),
        cell_(context_.get(), "Noto Sans 9"),
        filter_(context_.get(), "Noto Sans 9"),
        header_(context_.get(), "Noto Sans Bold 9"),
        title_(context_.get(), "Noto Sans Bold 14"),
        small_(context_.get(), "Noto Sans 8") {
    // Pango's units are then the PDF's points: a 9-point font is 9 points high.
    pango_cairo_context_set_resolution(context_.get(), 72);
  }

  void measure() {
    widths_ = columnWidths();
    headerHeight_ = headerRow(0, false);
    titleHeight_ = titleBlock(false);
    footerTop_ = page_.height - kMargin - small_.set("Page 1 of 1");
    bodyBottom_ = footerTop_ - 6;
    cell_.cutAt(bodyBottom_ - kMargin - headerHeight_ - 2 * kPadY);
    emptyHeight_ = cell_.set(" ") + 2 * kPadY;
    heights_.clear();
    heights_.reserve(rows_.size());
    for (const auto& row : rows_) {
      heights_.push_back(rowHeight(row));
    }
    paginate();
  }

  void draw() {
    const auto pages = pageStarts_.size();
    for (std::size_t page = 0; page < pages; ++page) {
      double y = kMargin;
      if (page == 0) {
        titleBlock(true);
        y += titleHeight_;
      }
      y += headerRow(y, true);
      const auto end = page + 1 < pages ? pageStarts_[page + 1] : rows_.size();
      for (auto r = pageStarts_[page]; r < end; ++r) {
        drawRow(r, y);
        y += heights_[r];
      }
      if (rows_.empty()) {
        cairo_set_source_rgb(cr_, kGrey, kGrey, kGrey);
        small_.set("No rows.");
        small_.draw(cr_, kMargin + kPadX, y + kPadY);
      }
      footer(page + 1, pages);
      cairo_show_page(cr_);
    }
  }

 private:
  double contentWidth() const { return page_.width - 2 * kMargin; }

  std::vector<double> columnWidths() {
    const double widest = contentWidth() * kWidestShare;
    const std::size_t step = std::max<std::size_t>(1, rows_.size() / kSampleRows);
    std::vector<double> wants;
    std::vector<double> sample;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      // The header may wrap, but not within a word.
      double need = 0;
      const std::string_view label = columns_[i].label;
      for (std::size_t start = 0; start < label.size();) {
        const auto end = std::min(label.find(' ', start), label.size());
        header_.set(label.substr(start, end - start));
        need = std::max(need, header_.width());
        start = end + 1;
      }
      sample.clear();
      for (std::size_t r = 0; r < rows_.size(); r += step) {
        if (i < rows_[r].size() && !rows_[r][i].text.empty()) {
          cell_.set(rows_[r][i].text);
          sample.push_back(std::min(cell_.width(), widest));
        }
      }
      // Most of a column's cells fit on one line; a few long ones wrap.
      if (!sample.empty()) {
        const auto at = sample.begin() + static_cast<std::ptrdiff_t>(sample.size() * 9 / 10);
        std::nth_element(sample.begin(), at, sample.end());
        need = std::max(need, *at);
      }
      wants.push_back(std::min(need, widest) + 2 * kPadX);
    }
    return columnWidthsFrom(std::move(wants), contentWidth());
  }

  double titleBlock(bool draw) {
    double y = kMargin;
    const auto place = [&](Text& text, double gap) {
      if (draw) {
        text.draw(cr_, kMargin, y);
      }
      y += text.height() + gap;
    };
    cairo_set_source_rgb(cr_, 0, 0, 0);
    if (!layout_.title.empty()) {
      title_.set(layout_.title, contentWidth());
      place(title_, 2);
    }
    if (!layout_.generatedAt.empty()) {
      cairo_set_source_rgb(cr_, kGrey, kGrey, kGrey);
      small_.set(layout_.generatedAt, contentWidth());
      place(small_, 4);
      cairo_set_source_rgb(cr_, 0, 0, 0);
    }
    for (const auto& filter : layout_.filters) {
      const std::string line = filter.label + ": " + filter.text;
      const Attributes attributes(pango_attr_list_new());
      auto* bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
      bold->end_index = static_cast<guint>(filter.label.size() + 1);
      pango_attr_list_insert(attributes.get(), bold);
      filter_.setAttributes(attributes.get());
      filter_.set(line, contentWidth());
      place(filter_, 1);
    }
    return y == kMargin ? 0 : y - kMargin + 8;
  }

  double headerRow(double y, bool draw) {
    double height = 0;
    double x = kMargin;
    cairo_set_source_rgb(cr_, 0, 0, 0);
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const auto alignment = rightAligned(columns_[i]) ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
      height = std::max(height, header_.set(columns_[i].label, widths_[i] - 2 * kPadX, alignment));
      if (draw) {
        header_.draw(cr_, x + kPadX, y + kPadY);
      }
      x += widths_[i];
    }
    height += 2 * kPadY;
    if (draw) {
      cairo_set_line_width(cr_, 0.5);
      cairo_move_to(cr_, kMargin, y + height);
      cairo_line_to(cr_, kMargin + contentWidth(), y + height);
      cairo_stroke(cr_);
    }
    return height;
  }

  double setCell(const std::vector<TableCell>& row, std::size_t i) {
    const auto& cell = row[i];
    return cell_.set(cell.text, widths_[i] - 2 * kPadX,
                     cell.number ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  }

  double rowHeight(const std::vector<TableCell>& row) {
    double height = emptyHeight_;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!row[i].text.empty()) {
        height = std::max(height, setCell(row, i) + 2 * kPadY);
      }
    }
    return height;
  }

  void drawRow(std::size_t r, double y) {
    if (r % 2 == 1) {
      cairo_set_source_rgb(cr_, kShade, kShade, kShade);
      cairo_rectangle(cr_, kMargin, y, contentWidth(), heights_[r]);
      cairo_fill(cr_);
    }
    cairo_set_source_rgb(cr_, 0, 0, 0);
    double x = kMargin;
    const auto& row = rows_[r];
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!row[i].text.empty()) {
        setCell(row, i);
        cell_.draw(cr_, x + kPadX, y + kPadY);
      }
      x += widths_[i];
    }
  }

  void footer(std::size_t page, std::size_t pages) {
    cairo_set_source_rgb(cr_, kGrey, kGrey, kGrey);
    small_.set("Page " + std::to_string(page) + " of " + std::to_string(pages), contentWidth(),
               PANGO_ALIGN_CENTER);
    small_.draw(cr_, kMargin, footerTop_);
  }

  // Where each page's rows begin. A row goes to the next page when it does not fit, unless it is
  // alone on a page after the first: cut to a page's height, it fits there.
  void paginate() {
    pageStarts_.assign(1, 0);
    double y = kMargin + titleHeight_ + headerHeight_;
    std::size_t onPage = 0;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      if (y + heights_[r] > bodyBottom_ && (onPage > 0 || pageStarts_.size() == 1)) {
        pageStarts_.push_back(r);
        y = kMargin + headerHeight_;
        onPage = 0;
      }
      y += heights_[r];
      ++onPage;
    }
  }

  cairo_t* cr_;
  const PdfLayout& layout_;
  const std::vector<TableColumn>& columns_;
  const std::vector<std::vector<TableCell>>& rows_;
  PageSize page_;
  Context context_;
  Text cell_;
  Text filter_;
  Text header_;
  Text title_;
  Text small_;
  std::vector<double> widths_;
  double headerHeight_ = 0;
  double titleHeight_ = 0;
  double footerTop_ = 0;
  double bodyBottom_ = 0;
  double emptyHeight_ = 0;
  std::vector<double> heights_;
  std::vector<std::size_t> pageStarts_;
};

void check(cairo_status_t status, const std::filesystem::path& path) {
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error("The PDF " + path.string() +
                             " could not be written: " + cairo_status_to_string(status));
  }
}

}  // namespace

PdfWriter::PdfWriter(const std::filesystem::path& path, PdfLayout layout,
                     std::vector<TableColumn> columns)
    : path_(path), layout_(std::move(layout)), columns_(std::move(columns)) {
  layout_.title = readable(std::move(layout_.title));
  layout_.generatedAt = readable(std::move(layout_.generatedAt));
  for (auto& filter : layout_.filters) {
    filter.label = readable(std::move(filter.label));
    filter.text = readable(std::move(filter.text));
  }
  for (auto& column : columns_) {
    column.label = readable(std::move(column.label));
  }
}

void PdfWriter::row(const std::vector<TableCell>& cells) {
  if (finished_) {
    throw std::logic_error("PdfWriter: row() after finish()");
  }
  if (rows_.size() >= kMostRows) {
    throw std::length_error(
        "A PDF holds at most 50,000 rows, and this report has more: export it as XLSX or CSV "
        "instead, or narrow it down with its filters.");
  }
  if (cells.size() > columns_.size()) {
    throw std::invalid_argument("PdfWriter: a row of " + std::to_string(cells.size()) +
                                " cells for " + std::to_string(columns_.size()) + " columns");
  }
  auto& kept = rows_.emplace_back();
  kept.reserve(cells.size());
  for (const auto& cell : cells) {
    kept.push_back({cutForPage(readable(cell.text)), cell.number});
  }
}

void PdfWriter::finish() {
  if (finished_) {
    throw std::logic_error("PdfWriter: finish() twice");
  }
  finished_ = true;
  const auto size = pageSizeOf(layout_);
  const Surface surface(cairo_pdf_surface_create(path_.c_str(), size.width, size.height));
  check(cairo_surface_status(surface.get()), path_);
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, layout_.title.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "Dossier");
  {
    const Cairo cr(cairo_create(surface.get()));
    Typesetter typesetter(cr.get(), layout_, columns_, rows_);
    typesetter.measure();
    typesetter.draw();
    check(cairo_status(cr.get()), path_);
  }
  cairo_surface_finish(surface.get());
  check(cairo_surface_status(surface.get()), path_);
  rows_.clear();
  rows_.shrink_to_fit();
}

}  // namespace dossier::exporting
