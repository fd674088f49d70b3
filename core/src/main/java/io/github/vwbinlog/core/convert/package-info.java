/**
 * The top of core: conversion, which drives the layers below. {@link
 * io.github.vwbinlog.core.convert.DefaultDsjsonConverter} is the public {@link io.github.vwbinlog.join.DsjsonConverter}:
 * it joins a log message by message ({@code core.join}) and writes each line with the {@code core.output} writer; {@link io.github.vwbinlog.core.convert.ParallelJoin} joins on several threads, in
 * parts whose checkpoints and dedup cache stay exact, for a {@link io.github.vwbinlog.core.convert.PartSink}: the
 * DSJSON lines ({@link io.github.vwbinlog.core.convert.DsjsonParts}) or a collector's result
 * ({@link io.github.vwbinlog.core.convert.CollectorParts}, behind {@code Joiner.collect}).
 */
@NullMarked
package io.github.vwbinlog.core.convert;

import org.jspecify.annotations.NullMarked;
