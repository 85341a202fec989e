#pragma once

#include <chrono>
#include <cstdint>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "core/file_descriptor.hpp"

namespace dossier::http {

// Sends `length` bytes of the open file `source` from `first` on the stream's socket, the header
// having gone before: the kernel copies them from the page cache to the socket (sendfile), where
// reading them into the process and writing them out again made two copies and a coroutine step
// for every 256 KiB, half the rate of the disk's cache on this machine.
//
// A window of 8 MiB at a time, the next read from the disk into the page cache on `readers` while
// this one is sent, so that the I/O thread never waits for the disk (sendfile on a page not yet
// read would, and every other connection of the thread with it).
//
// The time allowed is for each wait on a client that does not take bytes, not for the whole
// file: a large document on a slow line is sent for as long as it moves.
//
// False when the connection can no longer be used: the client went or stopped reading, or the
// file ended early.
boost::asio::awaitable<bool> sendFile(boost::beast::tcp_stream& stream,
                                      const FileDescriptor& source, std::uint64_t first,
                                      std::uint64_t length, boost::asio::thread_pool& readers,
                                      std::chrono::seconds stalled);

}  // namespace dossier::http
