#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec (glibc hides pipe2 without _GNU_SOURCE).
int le_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` on.
int le_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
