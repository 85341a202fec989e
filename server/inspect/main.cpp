// dossier-inspect: reads one untrusted file and says what it is or what it says, for the server,
// which runs it as a child process under memory, CPU-time and output limits
// (core/child_process.hpp). It links only the parsers it needs, and nothing it does can touch the
// server's memory, files or sockets.
//
//   dossier-inspect type <file>               prints the media type its content is recognised as
//   dossier-inspect text <file> <extension>   prints its text (PDF, office files, HTML, e-mail,
//                                             plain text; scans and pictures through OCR)
//
// Exit status: 0 done, 1 not recognised, 2 wrong use, 3 the file cannot be read as that kind.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unistd.h>

#include "extract.hpp"
#include "file_type.hpp"

namespace {

int printType(const char* path) {
  const auto type = dossier::inspect::mediaTypeOf(path);
  if (type.empty()) {
    return 1;
  }
  std::printf("%s\n", type.c_str());
  return 0;
}

int printText(const char* path, const std::string& extension) {
  using namespace dossier::inspect;
  TextOutput out;
  bool read = false;
  if (extension == "txt" || extension == "csv") {
    read = plainText(path, out);
  } else if (extension == "html") {
    read = htmlFile(path, out);
  } else if (extension == "eml") {
    read = emailFile(path, out);
  } else if (extension == "pdf") {
    read = pdfFile(path, out);
  } else if (extension == "docx" || extension == "xlsx" || extension == "pptx" ||
             extension == "odt" || extension == "ods" || extension == "odp") {
    read = officeFile(path, extension, out);
  } else if (extension == "png" || extension == "jpg" || extension == "jpeg" ||
             extension == "tif" || extension == "tiff" || extension == "gif") {
    read = imageFile(path, out);
  } else {
    std::fprintf(stderr, "files of type .%s hold no text that can be read\n", extension.c_str());
    return 1;
  }
  out.flush();
  return read ? 0 : 3;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "type" && argc == 3) {
    return printType(argv[2]);
  }
  if (command == "text" && argc == 4) {
    // The OCR engine's OpenMP would start a thread per core, which spin while they wait: three
    // times the CPU of one thread for the same page. One is all a child under limits should use,
    // but OpenMP reads its limit when the library loads, before main: so the inspector sets it and
    // starts itself again (and reads with more threads if that fails).
    if (const char* limit = std::getenv("OMP_THREAD_LIMIT");
        limit == nullptr || std::string_view(limit) != "1") {
      ::setenv("OMP_THREAD_LIMIT", "1", 1);
      ::execv("/proc/self/exe", argv);
    }
    return printText(argv[2], argv[3]);
  }
  std::fprintf(stderr, "usage: dossier-inspect type <file> | text <file> <extension>\n");
  return 2;
}
