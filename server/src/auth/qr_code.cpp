#include "auth/qr_code.hpp"

#include <memory>
#include <qrencode.h>
#include <stdexcept>
#include <string>

namespace dossier::auth {

namespace {

constexpr int kQuietZone = 4;  // modules of white around the code (ISO/IEC 18004)

}  // namespace

std::string qrCodeSvg(std::string_view text) {
  const std::string input(text);
  std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString(input.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
  if (!code) {
    throw std::runtime_error("the QR code could not be made");
  }
  const int width = code->width;
  const int size = width + 2 * kQuietZone;
  std::string path;
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width; ++x) {
      // The lowest bit of each byte is whether the module is dark.
      if ((code->data[y * width + x] & 1) != 0) {
        path += "M" + std::to_string(x + kQuietZone) + " " + std::to_string(y + kQuietZone) +
                "h1v1h-1z";
      }
    }
  }
  const auto side = std::to_string(size);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + side + " " + side +
         "\" shape-rendering=\"crispEdges\"><rect width=\"" + side + "\" height=\"" + side +
         "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

}  // namespace dossier::auth
