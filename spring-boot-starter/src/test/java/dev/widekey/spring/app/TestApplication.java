package dev.widekey.spring.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The tests' application: two entities, nothing configured by hand. */
@SpringBootApplication
public class TestApplication {}
