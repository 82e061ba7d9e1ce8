// Test support: what the end-to-end tests need from glibc's GNU extensions to start tmux without
// handing it descriptors that belong to other tests.
#define _GNU_SOURCE
#include "cspawn.h"

#include <fcntl.h>
#include <unistd.h>

int le_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int le_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
