package dev.jvmbench.api.result;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

interface ResultPointRepository extends JpaRepository<ResultPointEntity, Long> {

    List<ResultPointEntity> findByRunIdOrderByLevelIndex(Long runId);
}
