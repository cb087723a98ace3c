import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users';
import { RotaLine } from './entities/rota-line.entity';
import { RotaController } from './rota.controller';
import { RotaService } from './rota.service';

/** Rota lines (issue 13): planning, approval, worked times and the week views' reads. */
@Module({
  imports: [TypeOrmModule.forFeature([RotaLine]), UsersModule],
  controllers: [RotaController],
  providers: [RotaService],
  exports: [RotaService],
})
export class RotaModule {}
