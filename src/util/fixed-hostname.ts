/**
 * The host name every measured run sees (uname, gethostname): the machine's, or a container's random
 * id, would reach the count of a program that reads it. The sandbox sets it in a UTS namespace of its
 * own; `docker run` gets it as --hostname, since container engines' seccomp profiles refuse
 * sethostname inside the container.
 */
export const FIXED_HOSTNAME = 'cg-bench';
