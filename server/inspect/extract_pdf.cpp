#include <cstdio>
#include <cstdlib>
#include <leptonica/allheaders.h>
#include <memory>
#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>
#include <tesseract/baseapi.h>

#include "extract.hpp"

namespace dossier::inspect {

namespace {

// Scans are read at this resolution: enough for body text, little enough to stay quick.
constexpr double kOcrDpi = 200;
// A page with fewer characters of text than this is taken for a scan.
constexpr std::size_t kScannedBelow = 16;
constexpr int kMaxPages = 5000;

// The OCR engine, started once per run when a page or image needs it.
class Ocr {
 public:
  bool ready() {
    if (!started_) {
      started_ = true;
      ok_ = api_.Init(nullptr, "eng") == 0;
      if (ok_) {
        api_.SetVariable("debug_file", "/dev/null");
      } else {
        std::fprintf(stderr, "the OCR engine could not start (tesseract-ocr-eng missing?)\n");
      }
    }
    return ok_;
  }
  tesseract::TessBaseAPI& api() { return api_; }
  ~Ocr() {
    if (ok_) {
      api_.End();
    }
  }

 private:
  tesseract::TessBaseAPI api_;
  bool started_ = false;
  bool ok_ = false;
};

Ocr& ocr() {
  static Ocr engine;
  return engine;
}

void addRecognised(tesseract::TessBaseAPI& api, TextOutput& out) {
  std::unique_ptr<char[]> text(api.GetUTF8Text());
  if (text) {
    out.add(text.get());
  }
}

}  // namespace

bool pdfFile(const char* path, TextOutput& out) {
  std::unique_ptr<poppler::document> document(poppler::document::load_from_file(path));
  if (!document) {
    std::fprintf(stderr, "the file is not a PDF that can be read\n");
    return false;
  }
  if (document->is_locked()) {
    std::fprintf(stderr, "the PDF is protected by a password\n");
    return false;
  }
  const int pages = std::min(document->pages(), kMaxPages);
  poppler::page_renderer renderer;
  renderer.set_image_format(poppler::image::format_gray8);
  for (int i = 0; i < pages; ++i) {
    std::unique_ptr<poppler::page> page(document->create_page(i));
    if (!page) {
      continue;
    }
    const auto bytes = page->text().to_utf8();
    const std::string text(bytes.begin(), bytes.end());
    if (text.size() >= kScannedBelow || !ocr().ready()) {
      out.add(text);
    } else {
      // A scanned page: its picture is read.
      const auto image = renderer.render_page(page.get(), kOcrDpi, kOcrDpi);
      if (image.is_valid()) {
        auto& api = ocr().api();
        api.SetImage(reinterpret_cast<const unsigned char*>(image.const_data()), image.width(),
                     image.height(), 1, image.bytes_per_row());
        api.SetSourceResolution(static_cast<int>(kOcrDpi));
        addRecognised(api, out);
      }
    }
    out.paragraph();
    std::fprintf(stderr, "page %d of %d\n", i + 1, pages);
  }
  return true;
}

bool imageFile(const char* path, TextOutput& out) {
  Pix* picture = pixRead(path);
  if (picture == nullptr) {
    std::fprintf(stderr, "the picture cannot be read\n");
    return false;
  }
  if (!ocr().ready()) {
    pixDestroy(&picture);
    return false;
  }
  auto& api = ocr().api();
  api.SetImage(picture);
  if (pixGetXRes(picture) <= 0) {
    api.SetSourceResolution(300);
  }
  addRecognised(api, out);
  pixDestroy(&picture);
  return true;
}

}  // namespace dossier::inspect
